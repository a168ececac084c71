line style: cylinder
initial line width: 0.1 s
background scene: geo_background.dat,geo_background_list.dat
