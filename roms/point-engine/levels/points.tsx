<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="points" tilewidth="16" tileheight="16" tilecount="8" columns="8">
 <image source="points.png" width="128" height="16"/>
 <tile id="0">
  <properties>
   <property name="Name" value="Air"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="Name" value="Solid"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="Name" value="SlopeUpRight"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="Name" value="SlopeUpLeft"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="Name" value="SteepUpRight"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="Name" value="SteepUpRightBelow"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="Name" value="Platform"/>
  </properties>
 </tile>
</tileset>
