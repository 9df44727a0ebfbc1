"""Name pools: 马甲 (the actors' persistent personas) and 角色 (the in-game accounts), with English."""

from __future__ import annotations

MAJIA: tuple[tuple[str, str], ...] = (
    ("拿破仑", "Napoleon"), ("白夜行", "Byakuya"), ("青梅煮酒", "Plum Wine"), ("孤舟蓑笠", "Lone Boat"),
    ("半夏微凉", "Banxia"), ("南山有雀", "Southern Sparrow"), ("北冥有鱼", "Northern Fish"),
    ("一叶知秋", "Autumn Leaf"), ("夜雨寄北", "Night Rain"), ("长风破浪", "Long Wind"),
    ("落花人独立", "Lone Petal"), ("枕上书", "Pillow Book"), ("听雪楼", "Snow Tower"), ("竹外桃花", "Peach Bamboo"),
    ("松间明月", "Pine Moon"), ("石上清泉", "Clear Spring"), ("浮生若梦", "Floating Dream"),
    ("云中谁寄", "Cloud Letter"), ("醉卧沙场", "Drunk Soldier"), ("柳暗花明", "Willow Light"),
    ("星垂平野", "Starry Plain"), ("月涌大江", "Moon River"), ("晴川历历", "Clear River"),
    ("芳草萋萋", "Green Grass"), ("烟波江上", "Misty River"), ("大漠孤烟", "Desert Smoke"),
)

ACCOUNTS: tuple[tuple[str, str], ...] = (
    ("赤兔", "Red Hare"), ("的卢", "Dilu"), ("绝影", "Shadowless"), ("爪黄飞电", "Lightning"),
    ("乌骓", "Wuzhui"), ("白龙", "White Dragon"), ("紫骍", "Purple Steed"), ("照夜玉狮子", "Night Lion"),
    ("青骢", "Blue Roan"), ("黄骠", "Yellow Dapple"), ("骅骝", "Hualiu"), ("騕褭", "Yaoniao"),
    ("飞黄", "Feihuang"), ("腾雾", "Mist Rider"), ("逾辉", "Beyond Light"), ("超光", "Overlight"),
    ("翻羽", "Feather Flip"), ("奔霄", "Sky Runner"), ("挟翼", "Winged"), ("越影", "Shadow Leaper"),
    ("追风", "Wind Chaser"), ("逐日", "Sun Chaser"), ("踏雪", "Snow Treader"), ("流星", "Meteor"),
    ("惊帆", "Startled Sail"), ("卷云", "Rolling Cloud"),
)

ENGLISH = dict(MAJIA) | dict(ACCOUNTS)
"""Chinese name → English rendering, for prompts in English."""
