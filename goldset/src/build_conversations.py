# ruff: noqa: E501  (data: one message per line reads best)
"""Build ``goldset/conversations.jsonl``: whole conversations with an assistant, the facts
they state and the user's later questions, written by hand for memcli (20 Chinese, 20 English).

Run from the repo root:  python goldset/src/build_conversations.py

Written blind: without reading the extractor, the slot code or the other goldset lists, so
the phrasing is how people talk, not how the rules parse. ``memcli eval conversations``
reads the output (format in memcli/eval/conversations.py and goldset/README.md).

Each conversation below is a block of lines:

- ``@D HH:MM``   a new sitting, D days after the conversation's start date (local time);
  each following message is 2 minutes after the previous one;
- ``u text`` / ``a text``   a user / assistant message;
- ``= id | keys | stale``   a fact the conversation states (``stale``: the superseded value of a
  changed fact, optional);
- ``? D HH:MM | question | answer keys | fact id``   a later question of the user.

Keys: ``a+b|c`` = alternatives separated by ``|``, each a set of substrings joined by ``+``
that must all occur (after normalisation) → ``[["a", "b"], ["c"]]`` in the JSON.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "goldset" / "conversations.jsonl"

ZH = [
    ("zh-01", "2026-03-02", "+08:00", """
@0 09:05
u 早上好，今天好困啊
a 早上好！昨晚没睡好吗？
u 嗯，最近项目太赶了。我领导叫王建国，人还行，就是特别爱开会。
a 听起来挺辛苦的。需要我帮你整理一下会议要点吗？
@3 20:40
u 我们组新来了一个同事叫陈晓，她以前在阿里做过运营。
a 有经验的同事加入是好事，可以多向她请教。
@5 18:15
u 明天下午三点要和客户开会，帮我想想怎么开场？
a 可以先简单回顾上次的进展，再抛出这次想确认的两三个问题。
@12 22:00
u 我在一家做新能源汽车的公司上班，负责电池供应链这块。
a 这个行业现在很热门，供应链的压力应该不小。
u 是啊，天天跟供应商扯皮。
@20 19:30
u 今天王总又临时加了个会，烦死了。
a 辛苦了，早点休息吧。
= boss | 王建国
= chen_xiao | 陈晓+阿里
= company | 新能源汽车
= job | 供应链
? 30 10:00 | 我领导叫什么？ | 王建国 | boss
? 30 10:05 | 我们公司是做什么的？ | 新能源汽车 | company
? 31 09:00 | 陈晓以前在哪里工作？ | 阿里 | chen_xiao
? 31 09:10 | 我负责什么工作？ | 供应链 | job
"""),
    ("zh-02", "2026-01-10", "+08:00", """
@0 21:00
u 周末去我姐家吃饭了。我姐姐住在成都，她是建筑师。
a 成都很宜居！你姐姐做建筑设计一定很忙吧。
u 对，经常熬夜画图。她老公是四川人，特别能吃辣。
a 那一顿饭下来你还受得了吗？
u 哈哈还好。我外甥今年上三年级了，成绩挺好的。
@4 20:10
u 你觉得小孩子要不要上奥数班？
a 看孩子兴趣，如果他喜欢可以试试，不喜欢就别勉强。
u 我妈下个月过来住一阵子。
a 家里会热闹不少。
@9 08:30
u 对了，我妈妈的生日是10月8号，到时候提醒我别忘了。
a 好的，记下了。
= sister_city | 成都
= sister_job | 建筑师
= brother_in_law | 四川人
= nephew | 三年级
= mom_birthday | 10月8
? 25 19:00 | 我姐姐是做什么工作的？ | 建筑师 | sister_job
? 25 19:02 | 我姐住在哪个城市？ | 成都 | sister_city
? 26 12:00 | 我妈生日是哪天？ | 10月8 | mom_birthday
? 26 12:05 | 我外甥上几年级了？ | 三年级 | nephew
"""),
    ("zh-03", "2026-02-15", "+08:00", """
@0 07:20
u 最近开始跑步了，每周跑三次。
a 很棒的习惯！注意循序渐进。
u 我平时穿的跑鞋是李宁的，赤兔那款，挺轻的。
a 轻量跑鞋适合日常训练。
@6 21:45
u 不过右膝盖有点疼，是不是跑太多了？
a 可能是强度加得太快，建议休息几天，疼痛持续就去看医生。
u 我右膝盖前年打篮球的时候受过伤。
a 那更要小心，跑前充分热身。
u 我一般在滨江公园跑，离我家就两公里。
@13 22:30
u 下周六有个半马，有点紧张。
a 放轻松，按平时的配速跑就好。
@35 20:00
u 换了双新鞋，现在穿的是亚瑟士的Kayano，膝盖舒服多了。
a 稳定型跑鞋对膝盖确实友好一些。
= running | 跑步
= shoes | 亚瑟士|kayano | 李宁
= knee | 膝盖
= park | 滨江公园
? 50 08:00 | 我现在穿什么牌子的跑鞋？ | 亚瑟士|kayano | shoes
? 50 08:05 | 我一般在哪里跑步？ | 滨江公园 | park
? 51 21:00 | 我哪里受过伤？ | 膝盖 | knee
"""),
    ("zh-04", "2026-01-05", "+08:00", """
@0 22:10
u 我老家是重庆的，大学在武汉读的。
a 重庆和武汉都是火锅和热干面的城市啊。
u 哈哈是的。毕业后就一直在南京工作，快六年了。
a 南京也是个很舒服的城市。
@8 21:30
u 好消息！我拿到了杭州一家公司的offer，下个月搬过去。
a 恭喜！需要我帮你列一个搬家清单吗？
u 好啊，谢谢。
a 可以按证件、衣物、厨具、电子产品分类打包……
@32 20:20
u 我已经搬到杭州了，住在西湖区，离公司很近。
a 西湖区环境很好，祝你新生活顺利。
u 就是杭州的夏天太热了。
u 我对象还在南京，我们打算先异地一段时间。
a 异地不容易，多视频多沟通。
= hometown | 重庆
= university | 武汉
= residence | 杭州 | 南京工作
= partner | 对象+南京
? 45 19:00 | 我现在住在哪个城市？ | 杭州 | residence
? 45 19:03 | 我老家是哪里的？ | 重庆 | hometown
? 46 10:00 | 我在哪里上的大学？ | 武汉 | university
? 46 10:05 | 我对象现在在哪个城市？ | 南京 | partner
"""),
    ("zh-05", "2026-04-11", "+08:00", """
@0 10:00
u 昨天我领养了一只狗，是只柯基，叫豆豆。
a 恭喜你有了新家人！柯基很可爱。
u 它有点怕生，晚上一直叫。
a 刚到新环境都会这样，给它一个固定的窝会好一些。
u 我住的小区叫绿城桂花园，楼下就有个宠物医院，挺方便的。
@2 19:40
u 狗狗一天要喂几次啊？
a 成年犬一般一天两次，幼犬可以三到四次。
u 我对猫毛过敏，所以一直没养猫。
a 狗毛过敏的人相对少一些，不过也要注意。
u 明天带豆豆去打疫苗。
a 记得带上之前的免疫记录。
= dog_breed | 柯基
= dog_name | 豆豆
= neighbourhood | 桂花园
= allergy | 猫毛
? 20 09:00 | 我的狗叫什么名字？ | 豆豆 | dog_name
? 20 09:01 | 我养的是什么品种的狗？ | 柯基 | dog_breed
? 21 20:00 | 我住在哪个小区？ | 桂花园 | neighbourhood
? 21 20:05 | 我对什么过敏？ | 猫毛 | allergy
"""),
    ("zh-06", "2026-05-06", "+08:00", """
@0 21:20
u 最近体检查出来血压有点高。
a 别太担心，先调整生活方式，按医生建议复查。
u 医生让我少吃盐，现在每天早上吃一片降压药，叫氨氯地平。
a 降压药要按时吃，不要自己停药。
@3 22:00
u 我爸也是高血压，可能是遗传吧。
a 有家族史的话更要定期监测。
u 有什么适合高血压的运动吗？
a 快走、游泳、骑车这类有氧运动都不错。
@10 20:30
u 我不喝酒，但是烟还没戒掉。
a 戒烟对血压帮助很大，可以试试逐步减量。
u 算了，今天不聊这个了，给我讲个笑话吧。
a 好呀：为什么数学书总是很忧郁？因为它有太多问题。
= blood_pressure | 血压
= medicine | 氨氯地平
= dad | 爸+高血压
= alcohol | 不喝酒
= smoking | 烟
? 30 08:00 | 我在吃什么药？ | 氨氯地平 | medicine
? 30 08:02 | 我有什么健康问题？ | 血压 | blood_pressure
? 31 21:00 | 我爸有什么病？ | 高血压 | dad
? 31 21:05 | 我喝酒吗？ | 不喝酒 | alcohol
"""),
    ("zh-07", "2026-05-01", "+08:00", """
@0 14:00
u 赵敏的生日是在6月3日，我想给她准备个惊喜。
a 好主意！她平时喜欢什么？
u 她是我大学室友，现在在深圳做律师。
u 她特别喜欢周杰伦，送什么好呢？
a 可以考虑演唱会门票，或者黑胶唱片。
@5 21:10
u 另外我好朋友阿杰下个月结婚，份子钱一般给多少合适？
a 一般看关系远近和当地习惯，关系好的可以多给一些。
u 阿杰是我高中同学，我们认识快十五年了。
a 这么多年的朋友很难得。
= zhaomin_birthday | 6月3
= zhaomin_job | 律师
= zhaomin_city | 深圳
= zhaomin_likes | 周杰伦
= ajie | 阿杰+高中
? 20 10:00 | 赵敏生日是哪天？ | 6月3 | zhaomin_birthday
? 20 10:02 | 赵敏是做什么的？ | 律师 | zhaomin_job
? 21 15:00 | 赵敏喜欢哪个歌手？ | 周杰伦 | zhaomin_likes
? 21 15:05 | 阿杰是我什么时候的同学？ | 高中 | ajie
"""),
    ("zh-08", "2026-01-18", "+08:00", """
@0 20:00
u 我小姨身高才158厘米，但是特别能干。
a 能干的人不在于个子高低。
u 她在昆明开了一家花店，生意很好。
a 昆明的鲜花很有名。
@4 21:30
u 我堂哥在杭州一家银行上班。
u 我表妹今年考上了复旦，全家都很高兴。
a 太厉害了，替她开心！
@9 19:00
u 过年我们全家要去昆明找小姨。
u 你知道昆明过年冷不冷吗？
a 昆明冬天白天挺暖和，早晚温差大，带件外套就行。
= aunt_height | 158
= aunt_shop | 花店
= aunt_city | 昆明
= cousin_bank | 堂哥+银行
= cousin_univ | 复旦
? 25 10:00 | 我小姨多高？ | 158 | aunt_height
? 25 10:02 | 我小姨开的什么店？ | 花店 | aunt_shop
? 26 09:00 | 我堂哥在哪工作？ | 银行 | cousin_bank
? 26 09:05 | 我表妹考上了哪所大学？ | 复旦 | cousin_univ
"""),
    ("zh-09", "2026-03-20", "+08:00", """
@0 22:00
u 昨晚去吃了楼下新开的那家湘菜馆，叫辣味坊，味道一般，太咸了。
a 新店可能还在调整口味。
u 我其实不太能吃辣，更喜欢粤菜。
a 粤菜清淡鲜美，确实更适合不吃辣的人。
u 我老公是广东人，所以家里做饭都是清淡口味。
@3 18:00
u 推荐一个简单的煲汤做法吧？
a 可以试试玉米胡萝卜排骨汤：排骨焯水，加玉米和胡萝卜炖一个半小时。
u 我不吃香菜，一点都受不了那个味道。
a 好的，这道汤本来就不用放香菜。
u 周五晚上约了闺蜜去吃日料。
= restaurant | 辣味坊
= cuisine | 粤菜
= husband | 广东人
= cilantro | 香菜
? 20 12:00 | 我喜欢什么菜系？ | 粤菜 | cuisine
? 20 12:03 | 我老公是哪里人？ | 广东 | husband
? 21 18:00 | 我不吃什么？ | 香菜 | cilantro
? 21 18:05 | 楼下那家湘菜馆怎么样？ | 辣味坊 | restaurant
"""),
    ("zh-10", "2026-02-01", "+08:00", """
@0 23:10
u 我在字节做前端开发，已经三年了。
u 天天加班，身体有点吃不消。
a 注意休息，长期熬夜对身体伤害很大。
u 我们组长叫刘洋，人挺好的，就是要求很严。
@14 22:40
u 我在考虑跳槽，你觉得现在时机怎么样？
a 可以先看看机会，有合适的offer再决定，不要裸辞。
@40 20:00
u 跟你说一下，我已经离职了，现在在美团做前端。
a 恭喜入职新公司！
u 新公司离家近，每天骑车十分钟就到。
u 新领导叫孙丽，是个女强人。
a 希望你们合作愉快。
= employer | 美团 | 字节
= role | 前端
= old_lead | 刘洋
= new_boss | 孙丽
= commute | 骑车
? 55 09:00 | 我现在在哪家公司上班？ | 美团 | employer
? 55 09:02 | 我是做什么工作的？ | 前端 | role
? 56 21:00 | 我现在的领导叫什么？ | 孙丽 | new_boss
? 56 21:05 | 我怎么去上班？ | 骑车 | commute
"""),
    ("zh-11", "2026-03-08", "+08:00", """
@0 20:30
u 我儿子叫乐乐，今年五岁，在上幼儿园大班。
a 五岁正是好奇心最强的时候。
u 他对花生过敏，吃饭要特别注意。
a 外出吃饭记得提前问清楚配料。
@2 21:00
u 他最近迷上了恐龙，天天让我讲霸王龙的故事。
u 有没有适合五岁小孩看的恐龙纪录片？
a 可以试试《与恐龙同行》，画面好，讲解也简单。
u 下周三幼儿园开家长会。
@7 22:15
u 我老婆是小学老师，教语文的，最近也特别忙。
a 老师期末的时候确实很辛苦。
= son_name | 乐乐
= son_age | 五岁|5岁
= son_allergy | 花生
= son_likes | 恐龙
= wife_job | 老师
? 30 20:00 | 我儿子叫什么名字？ | 乐乐 | son_name
? 30 20:02 | 我儿子对什么过敏？ | 花生 | son_allergy
? 31 19:00 | 我儿子喜欢什么？ | 恐龙 | son_likes
? 31 19:05 | 我老婆做什么工作？ | 老师 | wife_job
"""),
    ("zh-12", "2026-06-02", "+08:00", """
@0 21:00
u 我们家住在北京朝阳区的望京，离地铁站很近。
a 望京交通挺方便的。
u 房子是租的，一个月八千五。
a 北京的房租确实不便宜。
@5 08:10
u 楼下的邻居王阿姨人特别好，经常给我们送饺子。
u 不过隔壁在装修，每天早上八点就开始砸墙，吵死了。
u 你说这种情况可以投诉吗？
a 可以先和物业沟通，了解装修的允许时间。
@12 19:30
u 我平时开一辆白色的比亚迪秦。
a 新能源车在北京上牌也方便一些。
= residence | 望京
= rent | 八千五|8500
= neighbour | 王阿姨
= car | 比亚迪
? 30 09:00 | 我住在哪里？ | 望京 | residence
? 30 09:02 | 我房租多少钱？ | 八千五|8500 | rent
? 31 20:00 | 我开什么车？ | 比亚迪 | car
? 31 20:05 | 哪个邻居经常给我们送饺子？ | 王阿姨 | neighbour
"""),
    ("zh-13", "2026-01-25", "+08:00", """
@0 22:30
u 最近在看《繁花》，拍得真好，胡歌演得太棒了。
a 王家卫的镜头语言很有味道。
u 我最喜欢的作家是余华，《活着》看了好几遍。
a 《活着》确实让人印象深刻。
@6 09:00
u 周末我一般去练瑜伽，已经坚持两年了。
u 推荐几本类似《活着》的小说吧。
a 可以试试《许三观卖血记》《平凡的世界》。
@15 21:40
u 我买了一个Kindle，不过还是更喜欢纸质书。
a 纸质书的手感确实无法替代。
= fanhua | 繁花
= author | 余华
= yoga | 瑜伽
= paper | 纸质书
? 35 20:00 | 我最喜欢哪个作家？ | 余华 | author
? 35 20:02 | 我周末做什么运动？ | 瑜伽 | yoga
? 36 21:00 | 我觉得《繁花》怎么样？ | 繁花 | fanhua
? 36 21:05 | 我喜欢电子书还是纸质书？ | 纸质书 | paper
"""),
    ("zh-14", "2026-04-20", "+08:00", """
@0 22:50
u 今天部门聚餐，我们组的小张喝多了。
a 哈哈，聚餐难免。
u 小张是我们组的测试，东北人，特别能喝。
@3 20:00
u 我是做数据分析的，平时主要用Python和SQL。
a 这两个工具组合很实用。
u 我们公司在深圳南山科技园，上班挺方便。
@9 21:30
u 下个月我要去新加坡出差一周。
u 中国护照去新加坡需要签证吗？
a 目前中国和新加坡互免签证，短期停留一般不需要签证，出发前再确认一下最新政策。
= zhang_role | 小张+测试
= zhang_from | 小张+东北
= job | 数据分析
= tools | python
= office | 科技园|南山
? 25 09:00 | 小张在我们组做什么？ | 测试 | zhang_role
? 25 09:02 | 我是做什么工作的？ | 数据分析 | job
? 26 19:00 | 我们公司在哪里？ | 科技园|南山 | office
? 26 19:05 | 我平时用什么编程语言？ | python | tools
"""),
    ("zh-15", "2026-02-20", "+08:00", """
@0 20:00
u 我爸今年六十五了，刚退休。
a 退休了可以好好享受生活。
u 他以前是中学的物理老师。
u 我妈血糖有点高，每天要打胰岛素。
a 要注意饮食控制，定期测血糖。
@7 21:00
u 他们住在老家洛阳，我每个月回去一次。
u 洛阳有什么适合老人的旅游景点？
a 龙门石窟、白马寺都不错，春天还可以去看牡丹。
@12 22:00
u 我是独生子，压力挺大的。
a 能理解，照顾父母和自己的生活都不容易。
= dad_age | 六十五|65
= dad_job | 物理
= mom_insulin | 胰岛素
= parents_city | 洛阳
= only_child | 独生
? 30 10:00 | 我爸多大了？ | 六十五|65 | dad_age
? 30 10:02 | 我爸以前是做什么的？ | 物理 | dad_job
? 31 20:00 | 我父母住在哪里？ | 洛阳 | parents_city
? 31 20:05 | 我妈每天要打什么针？ | 胰岛素 | mom_insulin
"""),
    ("zh-16", "2026-01-12", "+08:00", """
@0 21:00
u 我领导叫周涛，是个技术大牛。
u 我在一家游戏公司做策划。
a 游戏策划是个很有创意的工作。
@10 20:30
u 最近版本上线，忙得脚不沾地。
a 上线期间记得多喝水，别太熬。
@30 19:10
u 周涛被调去北京分公司了，现在我们领导换成了李明。
u 李明比周涛年轻，才三十出头。
a 换领导总要适应一段时间。
u 我们公司在成都高新区。
@38 22:00
u 对了我最近在学日语，准备明年考N2。
a 加油！每天坚持背单词很重要。
= boss | 李明 | 领导叫周涛
= zhoutao | 周涛+北京
= job | 策划
= office | 高新区
= language | 日语
? 50 09:00 | 我现在的领导叫什么？ | 李明 | boss
? 50 09:02 | 周涛去哪了？ | 北京 | zhoutao
? 51 20:00 | 我在学什么语言？ | 日语 | language
? 51 20:05 | 我是做什么工作的？ | 策划 | job
"""),
    ("zh-17", "2026-03-15", "+08:00", """
@0 20:00
u 我住在台北信義區，每天搭捷運上班。
a 台北的捷運很方便。
u 我女朋友叫林佳穎，她在一家設計公司上班。
a 設計工作很有意思。
@4 21:30
u 我們養了一隻橘貓，叫芒果。
u 週末想去九份走走，你有推薦的路線嗎？
a 可以從瑞芳搭公車上去，老街逛完再去看海景。
@9 19:00
u 我對海鮮過敏，吃蝦會起疹子。
a 那在九份吃東西要注意，很多小吃有蝦。
= residence | 信义
= girlfriend | 林佳颖
= gf_job | 设计
= cat | 芒果
= allergy | 海鲜
? 25 20:00 | 我女朋友叫什麼名字？ | 林佳颖 | girlfriend
? 25 20:02 | 我們的貓叫什麼？ | 芒果 | cat
? 26 21:00 | 我對什麼過敏？ | 海鲜 | allergy
? 26 21:05 | 我住在哪一區？ | 信义 | residence
"""),
    ("zh-18", "2026-04-02", "+08:00", """
@0 21:00
u 我是2018年从华中科技大学毕业的，学的是机械工程。
u 后来去德国读了个硕士。
a 德国的工科很强。
@6 20:00
u 上个月我考下了驾照，终于可以自己开车了。
a 恭喜！新手上路注意安全。
u 你觉得新手第一辆车买什么好？
a 可以考虑小巧好停的车，保险也便宜些。
@15 22:10
u 我老婆怀孕了，预产期在八月。
a 恭喜恭喜！
u 明天要陪她去产检。
= university | 华中科技
= major | 机械
= master | 德国
= license | 驾照
= pregnant | 怀孕|预产期
? 30 09:00 | 我是哪个大学毕业的？ | 华中科技 | university
? 30 09:02 | 我在哪读的硕士？ | 德国 | master
? 31 20:00 | 我学的什么专业？ | 机械 | major
? 31 20:05 | 我老婆预产期是什么时候？ | 八月|8月 | pregnant
"""),
    ("zh-19", "2026-05-10", "+08:00", """
@0 20:30
u 我用的手机是华为Mate60，用了一年多了。
a 华为的拍照效果不错。
u 我哥在广州开了一家奶茶店。
u 我嫂子是护士，在中山医院上班。
a 护士工作很辛苦，值得尊敬。
@5 21:00
u 我侄女今年刚上初中。
u 手机电池不耐用了，换电池还是换新手机划算？
a 如果其他方面都满意，换块电池更划算。
= phone | 华为
= brother | 奶茶
= sister_in_law_job | 嫂子+护士
= sister_in_law_work | 中山医院
= niece | 初中
? 25 10:00 | 我用的什么手机？ | 华为 | phone
? 25 10:02 | 我哥做什么生意？ | 奶茶 | brother
? 26 19:00 | 我嫂子在哪上班？ | 中山医院 | sister_in_law_work
? 26 19:05 | 我侄女在上小学还是初中？ | 初中 | niece
"""),
    ("zh-20", "2026-02-08", "+08:00", """
@0 08:00
u 我每天早上都要喝一杯美式咖啡，不加糖。
u 我是素食者，已经吃素五年了。
a 坚持吃素五年很不容易。
@4 23:30
u 我最近睡眠不好，经常凌晨两点才睡着。
u 有什么改善睡眠的办法？
a 下午以后少喝咖啡，睡前一小时别看手机。
@24 09:00
u 听了你的建议，我已经把咖啡戒了，现在早上改喝绿茶。
a 很好，看看睡眠会不会改善。
u 我家楼下新开了一家素食餐厅叫莲心，味道很不错。
a 有合口味的素食店真方便。
= morning_drink | 绿茶 | 美式
= vegetarian | 素
= sleep | 睡眠|两点
= restaurant | 莲心
? 40 08:00 | 我早上喝什么？ | 绿茶 | morning_drink
? 40 08:02 | 我吃素多久了？ | 五年|5年 | vegetarian
? 41 19:00 | 我家楼下的素食餐厅叫什么？ | 莲心 | restaurant
"""),
]

EN = [
    ("en-01", "2026-03-02", "-06:00", """
@0 08:30
u Morning! Long day ahead.
a Good morning! Anything I can help with?
u My manager is called Priya Natarajan, she's great but very detail-oriented.
a Detail-oriented managers can be tough but you learn a lot.
@2 19:00
u I work as a UX designer at a fintech startup in Austin.
a Sounds like an exciting place to be.
u Can you help me write a polite email declining a meeting?
a Sure: "Thanks for the invite. Unfortunately I can't make it, could you share the notes afterwards?"
@6 13:10
u My coworker Dan sits next to me and he won't stop humming.
u I have a team offsite on Thursday at 10am.
a Good luck with the offsite!
= manager | priya
= job | ux designer
= city | austin
= coworker | dan+cowork
? 20 09:00 | What's my manager's name? | priya | manager
? 20 09:02 | What do I do for work? | ux | job
? 21 18:00 | Which city do I work in? | austin | city
? 21 18:05 | Who sits next to me at work? | dan+sits|coworker dan | coworker
"""),
    ("en-02", "2026-01-10", "-05:00", """
@0 20:00
u My sister Anna lives in Denver and she's a pediatric nurse.
a Pediatric nursing is such important work.
u Her husband Mark is a firefighter.
a They must have some stories to tell!
@3 21:15
u They just had a baby girl, named Lily.
u What's a good gift for a newborn?
a A soft blanket, a board book, or a voucher for a meal delivery are all nice.
@8 09:30
u By the way, my mom's birthday is on May 12th.
a Noted!
= sister_city | denver
= sister_job | nurse
= mark | firefighter
= niece | lily
= mom_birthday | may 12
? 25 19:00 | Where does my sister live? | denver | sister_city
? 25 19:02 | What does Anna do? | nurse | sister_job
? 26 12:00 | What's my niece's name? | lily | niece
? 26 12:05 | When is my mom's birthday? | may 12 | mom_birthday
? 26 12:08 | What does Mark do for a living? | firefighter | mark
"""),
    ("en-03", "2026-01-20", "-05:00", """
@0 06:45
u I've been training for a marathon since January.
a That's a big goal, good for you!
u The running shoes I wear are Brooks Ghost 15, love them.
a The Ghost is a solid daily trainer.
@5 21:00
u My left ankle is a bit weak since I sprained it in college.
a Some balance and ankle strengthening exercises could help.
u Usually I run along the Charles River, about 8 miles on weekends.
@9 20:30
u Should I be eating more carbs before long runs?
a Yes, a carb-rich meal the evening before and a light snack before the run usually helps.
@30 19:00
u Switched to Hoka Cliftons last week, my ankle feels better already.
a Great, more cushioning can make a difference.
= marathon | marathon
= shoes | hoka|clifton | brooks
= ankle | left ankle
= route | charles river
? 45 08:00 | What running shoes do I wear? | hoka|clifton | shoes
? 45 08:02 | Where do I usually run? | charles | route
? 46 20:00 | What am I training for? | marathon | marathon
? 46 20:05 | Which of my ankles is weak? | left ankle | ankle
"""),
    ("en-04", "2026-02-01", "-06:00", """
@0 21:00
u I grew up in Columbus, Ohio.
u I've been living in Chicago for six years now.
a Chicago winters are no joke!
u Tell me about it. At least teaching high school chemistry means I get summers off.
u I'm thinking about moving somewhere warmer, any thoughts on Phoenix vs San Diego?
a San Diego is milder all year; Phoenix is cheaper but very hot in summer.
@33 20:10
u Update: we moved to San Diego last weekend!
a Congratulations on the move!
u My wife got a job at UC San Diego as a research scientist.
u The commute here is so much easier.
a That makes a big difference to daily life.
= hometown | columbus
= residence | san diego | living in chicago
= wife | research scientist|scientist
= job | chemistry+teach
? 45 09:00 | Where do I live now? | san diego | residence
? 45 09:02 | Where did I grow up? | columbus | hometown
? 46 19:00 | What does my wife do? | scientist | wife
? 46 19:05 | What subject do I teach? | chemistry | job
"""),
    ("en-05", "2026-04-11", "-04:00", """
@0 10:00
u Yesterday I adopted a dog! A two-year-old beagle named Biscuit.
a Congratulations, Biscuit is a great name!
u He's pretty anxious around other dogs though.
a That often improves as he settles in.
u We live in a small apartment in Brooklyn, near Prospect Park.
@2 19:30
u How often should a beagle be walked?
a Beagles need at least an hour of exercise a day, ideally split into two walks.
u I'm allergic to cats, so a dog was the only option for me.
a Makes sense!
= dog_breed | beagle
= dog_name | biscuit
= home | brooklyn
= park | prospect park
= allergy | cat
? 20 09:00 | What's my dog's name? | biscuit | dog_name
? 20 09:01 | What breed is my dog? | beagle | dog_breed
? 21 20:00 | What am I allergic to? | cat | allergy
? 21 20:05 | Which park is near my apartment? | prospect | park
"""),
    ("en-06", "2026-05-06", "-05:00", """
@0 21:00
u My doctor told me I have type 2 diabetes.
a I'm sorry to hear that. It is very manageable with the right habits.
u I'm on metformin now, twice a day.
@3 20:00
u My dad had diabetes too, so I guess it runs in the family.
u Any ideas for low-carb breakfasts?
a Eggs with spinach, Greek yogurt with nuts, or chia pudding.
@10 22:00
u I don't drink alcohol at all, haven't for ten years.
u I'm so tired of this weather.
a Hopefully it clears up soon.
= diabetes | diabetes
= medicine | metformin
= dad | dad+diabetes
= alcohol | alcohol
? 30 08:00 | What medication am I on? | metformin | medicine
? 30 08:02 | What health condition do I have? | diabetes | diabetes
? 31 21:00 | Do I drink alcohol? | alcohol | alcohol
"""),
    ("en-07", "2026-05-01", "-07:00", """
@0 14:00
u My best friend Carlos is a chef at an Italian restaurant downtown.
u Carlos's birthday is on August 3rd.
a Nice, that gives you some time to plan.
u He's a huge Arsenal fan, we watch every match together.
u What's a good gift for a chef?
a A good Japanese knife or a rare cookbook.
@6 20:00
u My other friend Mei just moved to Seattle for a job at Amazon.
a Exciting for her!
= carlos_job | chef
= carlos_birthday | august 3|aug 3
= carlos_team | arsenal
= mei_city | seattle
= mei_work | amazon
? 20 10:00 | When is Carlos's birthday? | august 3|aug 3 | carlos_birthday
? 20 10:02 | What team does Carlos support? | arsenal | carlos_team
? 21 15:00 | Where does Mei work? | amazon | mei_work
? 21 15:05 | What does Carlos do? | chef | carlos_job
"""),
    ("en-08", "2026-01-18", "-08:00", """
@0 19:00
u My aunt Linda is only 4'11" but she runs a whole bakery.
u Her bakery is in Portland, it's called Sweet Crumb.
a What a lovely name for a bakery.
@4 21:00
u My cousin Jake works at a bank in Boston.
u My younger brother just got into Georgia Tech!
a Congratulations to him!
u Do you know if Georgia Tech has a good robotics program?
a Yes, it's one of the strongest in the US.
= aunt_height | 4'11|four foot eleven
= bakery | sweet crumb
= bakery_city | portland
= cousin | jake+bank
= brother | georgia tech
? 25 10:00 | How tall is my aunt? | 4'11|four foot eleven | aunt_height
? 25 10:02 | What's my aunt's bakery called? | sweet crumb | bakery
? 26 09:00 | Where does my cousin Jake work? | bank | cousin
? 26 09:05 | Which university did my brother get into? | georgia tech | brother
"""),
    ("en-09", "2026-03-20", "-05:00", """
@0 22:00
u Went to that new ramen place on 5th, Menya Ren. Honestly the broth was too salty.
a That's a shame, maybe ask for less tare next time.
u I'm vegetarian, so I got the veggie ramen.
u My husband loves spicy food but I can't handle it.
@3 18:00
u Can you suggest a quick weeknight dinner?
a A vegetable stir fry with tofu and rice takes about 20 minutes.
u I hate cilantro, it tastes like soap to me.
a Then leave it out, some basil works well instead.
= ramen | menya ren
= diet | vegetarian
= husband | husband+spicy
= cilantro | cilantro
? 20 12:00 | What's my diet? | vegetarian | diet
? 20 12:03 | What did I think of Menya Ren? | menya ren | ramen
? 21 18:00 | What herb do I hate? | cilantro | cilantro
? 21 18:05 | Does my husband like spicy food? | spicy | husband
"""),
    ("en-10", "2026-02-01", "-08:00", """
@0 22:00
u I'm a software engineer at Google, been there four years.
u My team lead is Kevin Zhao.
a How do you like working with him?
u He's fine. Thinking about leaving though, the reorgs are exhausting.
a It's worth exploring options before deciding.
@41 19:00
u Big news, I started at Stripe this week as a staff engineer!
a Congratulations!
u My new manager is Rachel Kim.
u I bike to the office now, it's only 15 minutes.
a Nice way to start the day.
= employer | stripe | at google
= title | staff engineer
= old_lead | kevin
= manager | rachel
= commute | bike
? 55 09:00 | Where do I work now? | stripe | employer
? 55 09:02 | Who is my manager now? | rachel | manager
? 56 20:00 | How do I get to work? | bike | commute
? 56 20:05 | What's my job title? | staff engineer | title
"""),
    ("en-11", "2026-03-08", "-05:00", """
@0 20:30
u My daughter Emma is seven and in second grade.
u She's allergic to peanuts, so packing lunches is a pain.
a Nut-free lunches take some planning; sunflower butter is a good swap.
@2 21:00
u She's obsessed with horses right now.
u Any book recommendations for a horse-crazy 7 year old?
a Try "Black Beauty" (an adapted version) or the "Pony Pals" series.
u Parent-teacher conference is next Tuesday.
@7 22:00
u My husband is a high school math teacher, so he helps her with homework.
a That's handy!
= daughter_name | emma
= daughter_grade | second grade
= daughter_allergy | peanut
= daughter_likes | horse
= husband_job | math teacher
? 30 20:00 | What's my daughter's name? | emma | daughter_name
? 30 20:02 | What is Emma allergic to? | peanut | daughter_allergy
? 31 19:00 | What grade is my daughter in? | second grade | daughter_grade
? 31 19:05 | What does my husband teach? | math | husband_job
"""),
    ("en-12", "2026-06-02", "-07:00", """
@0 21:00
u We rent a two-bedroom in the Mission district, it's $3,200 a month.
a That's fairly typical for San Francisco these days.
u Our neighbor Frank has lived on this street for 40 years.
@5 07:30
u The construction next door starts at 7am every day, so annoying.
u Is there a polite way to complain to the city?
a You can call 311 or file a noise complaint online.
@12 19:00
u I drive a blue 2015 Subaru Outback.
a Reliable car!
= neighbourhood | mission
= rent | 3200|3,200
= neighbour | frank
= car | subaru
? 30 09:00 | What neighborhood do I live in? | mission | neighbourhood
? 30 09:02 | How much is my rent? | 3200|3,200 | rent
? 31 20:00 | What car do I drive? | subaru | car
? 31 20:05 | Which neighbor has lived on our street for decades? | frank | neighbour
"""),
    ("en-13", "2026-01-25", "-08:00", """
@0 22:30
u Just finished The Bear season 3, honestly it was disappointing.
a A lot of people felt the same way about that season.
u My favorite author is Kazuo Ishiguro.
@6 09:00
u I do pottery every Saturday morning at a studio in Oakland.
u Recommend me something like Never Let Me Go?
a You might like "Klara and the Sun" or "The Remains of the Day".
@15 21:40
u I bought a Kindle but I still prefer paper books.
a Nothing beats the feel of a real book.
= bear | the bear
= author | ishiguro
= pottery | pottery
= paper | paper books
? 35 20:00 | Who's my favorite author? | ishiguro | author
? 35 20:02 | What hobby do I do on Saturdays? | pottery | pottery
? 36 21:00 | What did I think of The Bear season 3? | bear | bear
? 36 21:05 | Do I prefer ebooks or paper books? | paper | paper
"""),
    ("en-14", "2026-04-20", "+00:00", """
@0 22:30
u Team dinner tonight, good fun.
u My colleague Tom is our QA lead, and he's from Dublin.
a Sounds like a fun team.
@3 20:00
u I'm a data analyst, mostly SQL and Python.
u Our office is in Canary Wharf.
a Busy part of London!
@9 21:30
u I'm flying to Singapore next month for a conference.
u What should I pack for Singapore in March?
a Light breathable clothes, an umbrella and something warm for the air conditioning.
= tom_role | tom+qa
= tom_from | dublin
= job | data analyst
= tools | python
= office | canary wharf
? 25 09:00 | What does Tom do? | qa | tom_role
? 25 09:02 | Where's Tom from? | dublin | tom_from
? 26 19:00 | Where is our office? | canary wharf | office
? 26 19:05 | What's my job? | data analyst | job
"""),
    ("en-15", "2026-02-20", "-05:00", """
@0 20:00
u My dad just turned 68 and retired from the post office.
a Congratulations to him on his retirement!
u My mom is a retired nurse, she still volunteers at the hospital.
@7 21:00
u They live in Tucson now, they moved there for the dry air.
u What are good low-key activities for retirees in Tucson?
a The desert museum, Sabino Canyon trams and the botanical gardens.
@12 22:00
u I'm an only child, so I worry about them a lot.
a That's understandable.
= dad_age | 68
= dad_work | post office
= mom_job | nurse
= parents_city | tucson
= only_child | only child
? 30 10:00 | How old is my dad? | 68 | dad_age
? 30 10:02 | Where do my parents live? | tucson | parents_city
? 31 20:00 | Where did my dad work? | post office | dad_work
? 31 20:05 | What did my mom do for work? | nurse | mom_job
"""),
    ("en-16", "2026-01-12", "-05:00", """
@0 21:00
u My boss is Greg Patterson, he's been my manager for two years.
u I'm a product manager at a healthcare software company.
a Healthcare software is a meaningful field.
@10 20:30
u Release week, I'm swamped.
a Hang in there!
@30 19:10
u Greg left the company, and now I report to Sandra Lopez.
u Sandra is much more hands-off, which I like.
a A change of manager can be refreshing.
@38 22:00
u I'm learning Spanish on Duolingo, 200 day streak!
a ¡Felicidades!
= boss | sandra | boss is greg
= job | product manager
= industry | healthcare
= language | spanish
? 50 09:00 | Who is my boss now? | sandra | boss
? 50 09:02 | What is my job? | product manager | job
? 51 20:00 | What language am I learning? | spanish | language
"""),
    ("en-17", "2026-03-15", "+00:00", """
@0 20:00
u Cheers for yesterday's help with the CV.
a Any time! Good luck with the applications.
u My partner Sam is a vet, works at a clinic in Leeds.
u We've got two cats, Pickle and Marmite.
a Brilliant names.
@4 21:30
u I support Leeds United, which is mostly suffering.
u What's the weather like in the Lake District in October?
a Cool and often wet, so pack waterproofs and layers.
@9 19:00
u I'm gluten intolerant, so eating out is tricky.
a Many places have gluten-free menus now, it's worth asking.
= partner_job | vet
= partner_city | leeds
= cats | pickle+marmite
= team | leeds united
= gluten | gluten
? 25 20:00 | What does my partner do? | vet | partner_job
? 25 20:02 | What are my cats called? | pickle|marmite | cats
? 26 21:00 | What am I intolerant to? | gluten | gluten
? 26 21:05 | What football team do I support? | leeds united | team
"""),
    ("en-18", "2026-04-02", "-05:00", """
@0 21:00
u I graduated from the University of Michigan in 2016, studied mechanical engineering.
u Then I did my master's in Germany, at TU Munich.
a Great combination.
@6 20:00
u Last month I finally got my pilot's license!
a Congratulations, that's a big achievement.
u What's a good first plane to rent as a new pilot?
a A Cessna 172 is the classic choice: forgiving and widely available.
@15 22:10
u My wife is pregnant, due in September.
a Congratulations to you both!
u We have the first scan tomorrow.
= university | michigan
= major | mechanical
= master | munich
= license | pilot
= pregnant | pregnant
? 30 09:00 | Where did I go to college? | michigan | university
? 30 09:02 | Where did I do my master's? | munich | master
? 31 20:00 | What did I study? | mechanical | major
? 31 20:05 | When is my wife due? | september | pregnant
"""),
    ("en-19", "2026-05-10", "-06:00", """
@0 20:30
u My phone is a Pixel 8, had it for about a year.
u My brother owns a coffee shop in Austin called Bean There.
a Ha, great pun.
u His wife Nadia is a pharmacist.
@5 21:00
u My laptop's battery is dying, should I replace it or buy a new one?
a If the laptop is otherwise fine, a new battery is much cheaper.
u I play guitar in a cover band on weekends.
a Fun! What kind of songs do you cover?
u Mostly 90s rock.
= phone | pixel
= brother_shop | bean there
= nadia | nadia+pharmacist
= guitar | guitar
= band | cover band|90s rock
? 25 10:00 | What phone do I have? | pixel | phone
? 25 10:02 | What's my brother's coffee shop called? | bean there | brother_shop
? 26 19:00 | What does Nadia do? | pharmacist | nadia
? 26 19:05 | What instrument do I play? | guitar | guitar
"""),
    ("en-20", "2026-02-08", "-08:00", """
@0 08:00
u I drink two cups of black coffee every morning.
u I've been vegan for three years.
a Three years is a solid commitment!
@4 23:30
u I can't sleep well lately, usually awake until 2am.
u Any tips to fix my sleep?
a Cut caffeine after noon and keep screens away for the last hour before bed.
@24 09:00
u Took your advice, I quit coffee and switched to green tea in the mornings.
a Let me know if your sleep improves.
u There's a new vegan place near my office called Leaf & Ladle, it's fantastic.
a Great to have a good vegan spot nearby.
= morning_drink | green tea | black coffee
= vegan | vegan
= sleep | sleep|2am
= restaurant | leaf & ladle
? 40 08:00 | What do I drink in the morning? | green tea | morning_drink
? 40 08:02 | How long have I been vegan? | three years|3 years | vegan
? 41 19:00 | What's the vegan place near my office called? | leaf & ladle | restaurant
"""),
]


def keys(spec: str) -> list[list[str]]:
    """``a+b|c`` → ``[["a", "b"], ["c"]]``."""
    return [[p.strip() for p in alt.split("+")] for alt in spec.split("|")]


def build_one(cid: str, lang: str, start: str, tz: str, block: str) -> dict:
    """One conversation from its block (see the module docstring)."""
    t0 = datetime.fromisoformat(start)
    cur: datetime | None = None
    msgs, facts, questions = [], [], []
    for line in block.strip().splitlines():
        line = line.strip()
        if line.startswith("@"):
            day, hm = line[1:].split()
            h, m = hm.split(":")
            cur = (t0 + timedelta(days=int(day))).replace(hour=int(h), minute=int(m))
        elif line[:2] in ("u ", "a "):
            assert cur is not None, (cid, line)
            msgs.append({"role": "user" if line[0] == "u" else "assistant", "text": line[2:].strip(),
                         "at": cur.isoformat(timespec="minutes") + tz})
            cur += timedelta(minutes=2)
        elif line.startswith("= "):
            parts = [p.strip() for p in line[2:].split(" | ")]
            fact = {"id": parts[0], "keys": keys(parts[1])}
            if len(parts) > 2:
                fact["stale"] = keys(parts[2])
            facts.append(fact)
        elif line.startswith("? "):
            when, q, ans, fid = [p.strip() for p in line[2:].split(" | ")]
            day, hm = when.split()
            h, m = hm.split(":")
            at = (t0 + timedelta(days=int(day))).replace(hour=int(h), minute=int(m))
            questions.append({"q": q, "at": at.isoformat(timespec="minutes") + tz, "answer_keys": keys(ans),
                              "fact": fid})
        else:
            raise ValueError(f"{cid}: cannot read {line!r}")
    ids = {f["id"] for f in facts}
    assert all(q["fact"] in ids for q in questions), cid
    assert 6 <= len(msgs) <= 15, (cid, len(msgs))
    assert all(msgs[-1]["at"] < q["at"] for q in questions), cid  # same offset: text order is time order
    return {"id": cid, "lang": lang, "messages": msgs, "facts": facts, "questions": questions,
            "source": "hand-written for memcli (goldset/src/build_conversations.py), blind"}


def build() -> list[dict]:
    return [build_one(cid, "zh", s, tz, b) for cid, s, tz, b in ZH] + \
           [build_one(cid, "en", s, tz, b) for cid, s, tz, b in EN]


def render() -> str:
    return "".join(json.dumps(c, ensure_ascii=False, sort_keys=False) + "\n" for c in build())


if __name__ == "__main__":
    text = render()
    OUT.write_text(text, encoding="utf-8")
    convs = build()
    print(f"wrote {OUT.relative_to(ROOT)}: {len(convs)} conversations, "
          f"{sum(len(c['messages']) for c in convs)} messages, {sum(len(c['facts']) for c in convs)} facts, "
          f"{sum(len(c['questions']) for c in convs)} questions")
