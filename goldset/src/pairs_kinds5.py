# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs, fifth set (issue 21): one named person's kinship to the user told anew, beside
relations one person may hold together, and numbers written once in words and once in digits.
Written by hand for memcli on 2026-12-02 (not drawn from any data set).
Categories → labels in build_decisions.LABELS.
"""

PAIRS_ZH = [
    # one named person is one relative: another kin relation is a correction (CONFLICT)
    ("kin_changed", "刘明是我舅舅", "刘明是我叔叔"),
    ("kin_changed", "孙丽是我姨妈", "孙丽是我姑姑"),
    ("kin_changed", "赵刚是我外公", "赵刚是我爷爷"),
    ("kin_changed", "周婷是我表姐", "周婷是我堂姐"),
    # a relative and a friend or colleague, two social relations: one person may be both (ADD)
    ("kin_social", "吴磊是我同事", "吴磊是我朋友"),
    ("kin_social", "何佳是我表妹", "何佳是我同事"),
    # a number in words and in digits: the same fact (NOOP)
    ("digits_words", "我每天走一万步", "我每天走10000步"),
    ("digits_words", "我女儿今年八岁", "我女儿今年8岁"),
    ("digits_words", "我家有三只猫", "我家有3只猫"),
]

PAIRS_EN = [
    ("kin_changed", "Oliver is my uncle", "Oliver is my grandfather"),
    ("kin_changed", "Hannah is my niece", "Hannah is my granddaughter"),
    ("kin_changed", "Felix is my nephew", "Felix is my cousin"),
    ("kin_changed", "Rosa is my aunt", "Rosa is my sister-in-law"),
    ("kin_social", "Ethan is my neighbour", "Ethan is my friend"),
    ("kin_social", "Nora is my cousin", "Nora is my colleague"),
    ("digits_words", "My nephew is eight", "My nephew is 8 years old"),
    ("digits_words", "I have two sisters", "I have 2 sisters"),
    ("digits_words", "I walk four miles every day", "I walk 4 miles a day"),
]
