#ifndef LAMINA_CLIBXML2_SHIM_H
#define LAMINA_CLIBXML2_SHIM_H
// libxml2's headers pull in ICU when it is enabled, which clashes with Foundation's own ICU
// module ("'UErrorCode' has different definitions"). Read the version header first, switch ICU
// off, then include only what the reader needs.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#endif
