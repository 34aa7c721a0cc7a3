<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="blocks" tilewidth="16" tileheight="16" tilecount="64" columns="8">
 <properties>
  <property name="collision_ids" type="bool" value="true"/>
 </properties>
 <image source="blocks.png" width="128" height="128"/>
</tileset>
