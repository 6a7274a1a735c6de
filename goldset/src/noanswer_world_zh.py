# ruff: noqa: E501  (data lists: one line per store fact or query reads best)
"""Chinese stores and questions for ``goldset/noanswer_world.jsonl`` (see build_noanswer_world.py).

Written by hand for memcli on 2026-12-03 (round 17, gate17), before any change to the gate was
made: two users' stores of 16 facts, each with general-knowledge questions (geography, science,
history, how-to, definitions, arithmetic, coding) that share a word or a topic with a stored fact
but ask about the world, and questions about the user asked without 我 (the subject dropped, as
Chinese speakers do: 什么时候体检) that the store answers (facts by number, 1-based).
"""

STORES = [
    {
        "user": "world-zh-1",
        "facts": [
            "我叫周晓岚", "我去年夏天坐游轮游了长江三峡", "我每天早上喝一杯拿铁咖啡", "我在一家社区医院做护士",
            "我每年十月去医院体检", "我养了一只金毛犬，叫豆豆", "我周末经常去爬山，最喜欢爬黄山", "我对海鲜过敏",
            "我晚上在自学Python编程", "我老公在银行上班", "我女儿今年上小学三年级", "我住在杭州西湖区",
            "我喜欢吃川菜，特别是麻婆豆腐", "我每周二晚上打羽毛球", "我开一辆白色的特斯拉", "我最喜欢的作家是余华",
        ],
        "general": [
            ("世界上最长的河是哪条", "geography"), ("长江有多长", "geography"), ("长江发源于哪里", "geography"),
            ("黄山在哪个省", "geography"), ("黄山的最高峰叫什么", "geography"), ("杭州是哪个省的省会", "geography"),
            ("西湖的面积有多大", "geography"), ("三峡大坝是哪一年建成的", "history"), ("世界上最高的山是哪座", "geography"),
            ("咖啡因对人体有什么作用", "science"), ("拿铁和卡布奇诺有什么区别", "definition"), ("金毛犬原产于哪个国家", "science"),
            ("狗的寿命一般有多长", "science"), ("海鲜过敏是什么原因引起的", "science"), ("羽毛球运动起源于哪个国家", "history"),
            ("特斯拉公司是谁创立的", "history"), ("电动汽车的电池一般能用几年", "science"), ("为什么天空是蓝色的", "science"),
            ("余华写过哪些小说", "history"), ("秦始皇是哪一年统一六国的", "history"), ("麻婆豆腐怎么做", "howto"),
            ("川菜为什么那么辣", "science"), ("护士资格证怎么考", "howto"), ("体检一般包括哪些项目", "definition"),
            ("什么是复利", "definition"), ("银行的活期利率是多少", "definition"), ("三百六十除以十二等于多少", "arithmetic"),
            ("十七乘以二十三是多少", "arithmetic"), ("Python里的列表和元组有什么区别", "coding"), ("Python怎么读取一个文件", "coding"),
        ],
        "answer": [
            ("什么时候体检", [5]), ("每年几月份去体检", [5]), ("早上喝的是什么咖啡", [3]), ("家里的狗叫什么名字", [6]),
            ("对什么过敏来着", [8]), ("周二晚上有什么安排", [14]), ("开的是什么车", [15]), ("住在哪个区", [12]),
            ("女儿上几年级了", [11]), ("最喜欢哪个作家", [16]), ("周末一般去哪儿爬山", [7]), ("晚上在学什么编程语言", [9]),
            ("推荐一家适合我口味的餐馆", [13]), ("在哪里上班", [4]), ("去年夏天去哪儿旅游了", [2]),
        ],
    },
    {
        "user": "world-zh-2",
        "facts": [
            "我是一名中学物理老师", "我住在成都", "我去年去日本旅游，在富士山下住了三天", "我每天晚上跑五公里",
            "我妈妈有高血压", "我养了两只猫，一只叫可乐，一只叫雪碧", "我喜欢喝普洱茶", "我儿子在学钢琴",
            "我最喜欢的电影是《星际穿越》", "我每个月十五号交房租", "我的血型是O型", "我用一台MacBook写代码",
            "我周六上午去游泳馆游泳", "我的生日是八月八号", "我戒烟已经两年了", "我老家在湖南岳阳",
        ],
        "general": [
            ("富士山有多高", "geography"), ("日本的首都是哪里", "geography"), ("成都是哪个省的省会", "geography"),
            ("成都有哪些特色小吃", "geography"), ("《岳阳楼记》的作者是谁", "history"), ("洞庭湖在哪个省", "geography"),
            ("普洱茶产自哪里", "geography"), ("绿茶和红茶有什么区别", "definition"), ("猫为什么会打呼噜", "science"),
            ("猫一天要睡多久", "science"), ("高血压的诊断标准是多少", "science"), ("钢琴有多少个键", "science"),
            ("贝多芬是哪个国家的人", "history"), ("《星际穿越》的导演是谁", "history"), ("黑洞是什么", "definition"),
            ("光速是多少", "science"), ("牛顿第一定律讲的是什么", "science"), ("O型血的人可以给谁输血", "science"),
            ("游泳一小时能消耗多少卡路里", "science"), ("跑步对膝盖有伤害吗", "science"), ("吸烟对肺有什么危害", "science"),
            ("唐朝是哪一年建立的", "history"), ("二的十次方是多少", "arithmetic"), ("一公里等于多少米", "arithmetic"),
            ("北京到上海有多远", "geography"), ("什么是房租收入比", "definition"), ("JavaScript和Python哪个更好学", "coding"),
            ("Git怎么撤销上一次提交", "coding"), ("MacBook怎么截图", "howto"), ("怎么泡普洱茶比较好喝", "howto"),
        ],
        "answer": [
            ("周六上午干嘛去", [13]), ("血型是什么", [11]), ("生日是哪天", [14]), ("家里的猫都叫什么", [6]),
            ("老家是哪里的", [16]), ("平时喝什么茶", [7]), ("儿子在学什么乐器", [8]), ("最喜欢哪部电影", [9]),
            ("每天晚上跑多少公里", [4]), ("住在哪个城市", [2]), ("是做什么工作的", [1]), ("还抽烟吗", [15]),
            ("妈妈身体怎么样", [5]), ("每个月几号交房租", [10]), ("去年去哪个国家旅游了", [3]),
        ],
    },
]
