"""The alias (马甲) pool: names from 梁羽生's 《七剑下天山》 and the film 《七剑》's world, as a 七剑 game's forum would use."""

from __future__ import annotations

ALIASES: tuple[tuple[str, str], ...] = (
    ("天山", "Tianshan"), ("武庄", "Wuzhuang"), ("晦明", "Huiming"), ("飞红巾", "Fei Hongjin"),
    ("纳兰明慧", "Nalan Minghui"), ("易兰珠", "Yi Lanzhu"), ("冒浣莲", "Mao Huanlian"), ("桂仲明", "Gui Zhongming"),
    ("张华昭", "Zhang Huazhao"), ("多铎", "Duoduo"), ("塞外", "Saiwai"), ("边城", "Biancheng"),
    ("大漠", "Damo"), ("流星", "Liuxing"), ("追月", "Zhuiyue"), ("玉峰", "Yufeng"), ("寒江", "Hanjiang"),
    ("孤雁", "Guyan"), ("青衫", "Qingshan"), ("白马", "Baima"), ("铁骑", "Tieqi"), ("长风", "Changfeng"),
    ("烟雨", "Yanyu"), ("落霞", "Luoxia"), ("秋水", "Qiushui"), ("松涛", "Songtao"), ("雪岭", "Xueling"),
    ("云海", "Yunhai"),
)

ENGLISH = dict(ALIASES)
"""Chinese alias → English rendering, for prompts in English."""
