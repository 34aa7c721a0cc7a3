<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="terrain.png" width="64" height="16"/>
 <tile id="0">
  <properties>
   <property name="collision" value="solid"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="collision" value="DRS"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="collision" value="down_left_slope"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="colour" value="red"/>
  </properties>
 </tile>
</tileset>
