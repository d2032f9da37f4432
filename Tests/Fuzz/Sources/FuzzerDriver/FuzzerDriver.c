// The declaration in include/FuzzerDriver.h is all this module provides.
#include "FuzzerDriver.h"
