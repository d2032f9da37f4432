import vl_convert as vlc, json, ziamath, wavedrom, schemdraw, schemdraw.elements as elm, svgling
from reportlab.graphics.shapes import Drawing, Rect, String, Circle, PolyLine
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.piecharts import Pie
from reportlab.graphics import renderSVG
from reportlab.lib import colors
import pyx
# Vega-Lite charts
spec = {"$schema":"https://vega.github.io/schema/vega-lite/v5.json","data":{"values":[{"a":c,"b":v,"g":g} for c,v,g in zip("ABCDEFGHIJ",[28,55,43,91,81,53,19,87,52,33],"xyxyxyxyxy")]},
 "mark":{"type":"bar","cornerRadiusEnd":4},"encoding":{"x":{"field":"a","type":"nominal"},"y":{"field":"b","type":"quantitative"},"color":{"field":"g"}},"title":"Vega bar"}
open('vega_bar.svg','w').write(vlc.vegalite_to_svg(json.dumps(spec)))
spec2 = {"$schema":"https://vega.github.io/schema/vega-lite/v5.json","data":{"values":[{"x":i,"y":(i*7)%13,"c":i%3} for i in range(120)]},
 "layer":[{"mark":{"type":"line","interpolate":"monotone"},"encoding":{"x":{"field":"x","type":"quantitative"},"y":{"field":"y","type":"quantitative"},"color":{"field":"c","type":"nominal"}}},
          {"mark":{"type":"point","filled":True,"opacity":0.5},"encoding":{"x":{"field":"x","type":"quantitative"},"y":{"field":"y","type":"quantitative"},"size":{"field":"y","type":"quantitative"}}}]}
open('vega_layer.svg','w').write(vlc.vegalite_to_svg(json.dumps(spec2)))
spec3 = {"$schema":"https://vega.github.io/schema/vega-lite/v5.json","data":{"values":[{"k":k,"v":v} for k,v in zip("pqrst",[4,6,10,3,7])]},"mark":{"type":"arc","innerRadius":50},"encoding":{"theta":{"field":"v","type":"quantitative"},"color":{"field":"k","type":"nominal"}}}
open('vega_arc.svg','w').write(vlc.vegalite_to_svg(json.dumps(spec3)))
# ziamath (LaTeX math as paths)
open('ziamath.svg','w').write(ziamath.Latex(r'\int_0^\infty e^{-x^2} dx = \frac{\sqrt{\pi}}{2} \quad \sum_{n=1}^\infty \frac{1}{n^2}').svg())
# wavedrom
wavedrom.render('{ "signal": [ { "name": "clk", "wave": "p.....|..." }, { "name": "Data", "wave": "x.345x|=.x", "data": ["head", "body", "tail", "data"] }, { "name": "Request", "wave": "0.1..0|1.0" } ]}').saveas('wavedrom.svg')
# schemdraw (matplotlib-free svg backend)
schemdraw.use('svg')
with schemdraw.Drawing(file='schemdraw.svg', show=False) as d:
    d += elm.Resistor().label('100KΩ'); d += elm.Capacitor().down().label('0.1μF', loc='bottom')
    d += elm.Line().left(); d += elm.Ground(); d += elm.SourceV().up().label('10V')
# svgling tree
t = svgling.draw_tree(("S", ("NP", ("D", "the"), ("N", "elephant")), ("VP", ("V", "saw"), ("NP", ("D", "the"), ("N", "rhinoceros")))))
open('svgling.svg','w').write(t._repr_svg_())
# reportlab
d = Drawing(400, 300)
bc = VerticalBarChart(); bc.x=50; bc.y=50; bc.height=125; bc.width=300; bc.data=[(13,5,20,22,37,45),(14,6,21,23,38,46)]; bc.bars[0].fillColor=colors.blue; bc.categoryAxis.categoryNames=['J','F','M','A','M','J']; d.add(bc)
d.add(String(200, 280, 'ReportLab chart', fontSize=18, fillColor=colors.red, textAnchor='middle'))
pie = Pie(); pie.x=300; pie.y=190; pie.width=pie.height=80; pie.data=[10,20,30]; pie.slices.strokeWidth=0.5; pie.slices[1].popout=10; d.add(pie)
renderSVG.drawToFile(d, 'reportlab.svg')
# PyX
c = pyx.canvas.canvas()
c.stroke(pyx.path.circle(0,0,2), [pyx.style.linewidth.Thick, pyx.color.rgb.red, pyx.deco.filled([pyx.color.rgb.green])])
c.stroke(pyx.path.curve(0,0,1,3,3,-1,4,2), [pyx.deco.earrow.large, pyx.style.linestyle.dashed])
c.fill(pyx.path.rect(-3,-3,2,1), [pyx.color.gradient.Rainbow.getcolor(0.3)])
c.writeSVGfile('pyx')
