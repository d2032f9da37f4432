import pygal, verovio, chess, chess.svg, segno, qrcode, qrcode.image.svg, drawsvg as dw, svgwrite, io
# pygal charts (CSS in <style>, JS, tooltips)
c = pygal.Bar(); c.title='Browser usage'; c.x_labels=map(str, range(2002, 2013))
c.add('Firefox',[None,None,0,16.6,25,31,36.4,45.5,46.3,42.8,37.1]); c.add('Chrome',[None]*6+[3.9,10.8,23.8,35.3])
c.render_to_file('pygal_bar.svg')
p = pygal.Pie(inner_radius=.4); p.add('IE',19.5); p.add('Firefox',36.6); p.add('Chrome',36.3); p.render_to_file('pygal_pie.svg')
r = pygal.Radar(); r.x_labels=['a','b','c','d','e']; r.add('x',[1,3,2,5,4]); r.add('y',[2,2,4,1,3]); r.render_to_file('pygal_radar.svg')
l = pygal.XY(stroke=False); l.add('pts',[(i, (i*37)%17) for i in range(200)]); l.render_to_file('pygal_xy.svg')
# verovio music engraving
tk = verovio.toolkit()
mei = '''**kern
*clefG2
*M4/4
=1
4c 4d 4e 4f
=2
2g 4a 8b 8cc
=3
1ccc
*-
'''
tk.loadData(mei); open('verovio.svg','w').write(tk.renderToSVG(1))
# chess
b = chess.Board('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')
open('chess.svg','w').write(chess.svg.board(b, arrows=[chess.svg.Arrow(chess.E2, chess.E4)], lastmove=chess.Move.from_uci('b8c6'), size=400))
# QR codes
segno.make('https://example.com/lamina', error='h').save('segno.svg', scale=4)
img = qrcode.make('Lamina SVG', image_factory=qrcode.image.svg.SvgPathImage); img.save('qrcode_path.svg')
img = qrcode.make('Lamina SVG', image_factory=qrcode.image.svg.SvgImage); img.save('qrcode_rects.svg')
# drawsvg
d = dw.Drawing(400, 200, origin='center')
d.append(dw.Rectangle(-200,-100,400,200, fill='#eee'))
g = dw.LinearGradient(-100,0,100,0); g.add_stop(0,'green'); g.add_stop(1,'red',0.3)
d.append(dw.Circle(0,0,80, fill=g, stroke='black', stroke_width=3))
p = dw.Path(stroke='blue', fill='none', stroke_width=4).M(-150,50).Q(-100,-80,0,40).A(30,30,0,1,0,100,40)
d.append(p)
d.append(dw.Text('drawsvg', 24, -60, 80, fill='purple', font_family='sans-serif'))
d.append(dw.Lines(-180,-80,-150,-90,-120,-60, close=True, fill='orange', opacity=0.7))
m = dw.Marker(-0.1,-0.5,0.9,0.5, scale=4, orient='auto'); m.append(dw.Lines(-0.1,0.5,-0.1,-0.5,0.9,0, fill='red', close=True))
d.append(dw.Line(-50,-80,80,-60, stroke='red', stroke_width=2, marker_end=m))
d.save_svg('drawsvg.svg')
# svgwrite with patterns, masks, symbols
dwg = svgwrite.Drawing('svgwrite.svg', size=(300,200))
pat = dwg.pattern(insert=(0,0), size=(20,20), patternUnits='userSpaceOnUse'); pat.add(dwg.circle((10,10),5, fill='teal')); dwg.defs.add(pat)
dwg.add(dwg.rect((10,10),(280,180), fill=pat.get_paint_server()))
sym = dwg.symbol(id='star'); sym.viewbox(0,0,10,10); sym.add(dwg.polygon([(5,0),(6,4),(10,4),(7,6),(8,10),(5,8),(2,10),(3,6),(0,4),(4,4)], fill='gold')); dwg.defs.add(sym)
for i in range(5):
    u = dwg.use(sym, insert=(20+i*50, 60)); u['width']=40; u['height']=40; dwg.add(u)
mask = dwg.mask(id='m'); mask.add(dwg.circle((150,150),40, fill='white')); dwg.defs.add(mask)
dwg.add(dwg.rect((100,110),(100,80), fill='crimson', mask='url(#m)'))
dwg.add(dwg.text('svgwrite', insert=(20,190), font_size=18, style='font-weight:bold'))
dwg.save()
