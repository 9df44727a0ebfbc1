"""The alias (马甲) pool: Umineko-related names, as the seed asks ("海猫相关马甲")."""

from __future__ import annotations

ALIASES: tuple[tuple[str, str], ...] = (
    ("右代宫战人", "Battler"), ("贝阿朵莉切", "Beatrice"), ("右代宫朱志香", "Jessica"),
    ("右代宫让治", "George"), ("右代宫真里亚", "Maria"), ("纱音", "Shannon"), ("嘉音", "Kanon"),
    ("源次", "Genji"), ("熊泽", "Kumasawa"), ("乡田", "Gohda"), ("南条", "Nanjo"),
    ("右代宫金藏", "Kinzo"), ("右代宫藏臼", "Krauss"), ("右代宫夏妃", "Natsuhi"),
    ("右代宫绘羽", "Eva"), ("右代宫秀吉", "Hideyoshi"), ("右代宫留弗夫", "Rudolf"), ("雾江", "Kyrie"),
    ("右代宫乐园", "Rosa"), ("罗诺威", "Ronove"), ("瓦尔基利亚", "Virgilia"),
    ("拉姆达戴尔塔", "Lambdadelta"), ("伯恩卡斯泰尔", "Bernkastel"), ("古户缘寿", "Ange"),
    ("天草十三", "Amakusa"), ("德拉诺尔", "Dlanor"), ("加斯普", "Gaap"), ("樱太郎", "Sakutaro"),
)

ENGLISH = dict(ALIASES)
"""Chinese alias → English rendering, for prompts in English."""
