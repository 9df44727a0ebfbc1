"""The alias (马甲) pool: figures of the Sui and Tang, as the rule set's title suggests."""

from __future__ import annotations

ALIASES: tuple[tuple[str, str], ...] = (
    ("秦琼", "Qin Qiong"), ("程咬金", "Cheng Yaojin"), ("尉迟恭", "Yuchi Gong"), ("罗成", "Luo Cheng"),
    ("单雄信", "Shan Xiongxin"), ("徐茂公", "Xu Maogong"), ("李元霸", "Li Yuanba"), ("宇文成都", "Yuwen Chengdu"),
    ("裴元庆", "Pei Yuanqing"), ("杨林", "Yang Lin"), ("李靖", "Li Jing"), ("杨广", "Yang Guang"),
    ("李世民", "Li Shimin"), ("魏征", "Wei Zheng"), ("王伯当", "Wang Bodang"), ("窦建德", "Dou Jiande"),
    ("李密", "Li Mi"), ("长孙无忌", "Zhangsun Wuji"), ("房玄龄", "Fang Xuanling"), ("杜如晦", "Du Ruhui"),
    ("红拂女", "Hongfu"), ("虬髯客", "Qiuran Ke"), ("柴绍", "Chai Shao"), ("平阳公主", "Princess Pingyang"),
    ("雄阔海", "Xiong Kuohai"), ("伍云召", "Wu Yunzhao"), ("张须陀", "Zhang Xutuo"), ("萧皇后", "Empress Xiao"),
)

ENGLISH = dict(ALIASES)
"""Chinese alias → English rendering, for prompts in English."""
