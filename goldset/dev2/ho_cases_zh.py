"""dev2 Chinese extraction cases (a development set), written by hand on 2026-12-01."""

from ho_common import HAB, HEALTH, ID, OTHER, PREF, REL, case, fact, noon

CASES = [
    # --- relatives ---
    case("relatives", "我小舅在青岛开海鲜排档", [fact("我小舅在青岛开海鲜排档", REL, "xiaojiu.job")]),
    case("relatives", "我大伯今年都七十三了", [fact("我大伯今年七十三岁", REL, "dabo.age",
                                                    alt=["我大伯今年都七十三了"])]),
    case("relatives", "我婆婆是江西人", [fact("我婆婆是江西人", REL, "mother_in_law.hometown")]),
    case("relatives", "我姐夫在中石化上班", [fact("我姐夫在中石化上班", REL, "brother_in_law.employer")]),
    case("relatives", "我外公以前是煤矿工人", [
        fact("我外公以前是煤矿工人", REL, "maternal_grandfather.previous_job")]),
    case("relatives", "我侄子现在在读大三", [fact("我侄子在读大三", REL, "nephew.education")]),
    # --- colleagues ---
    case("colleagues", "我们部门经理叫郭鹏", [fact("我们部门经理叫郭鹏", REL, "boss.name")]),
    case("colleagues", "我同事小周是潮汕人", [fact("我同事小周是潮汕人", REL, "person:小周.hometown")]),
    case("colleagues", "我们组新来的实习生是复旦的研究生", [
        fact("我们组的实习生是复旦的研究生", REL, "intern.school")]),
    # --- friends ---
    case("friends", "我发小现在在澳洲当厨师", [fact("我发小在澳洲当厨师", REL, "childhood_friend.job")]),
    case("friends", "我室友是湖南人，特别能吃辣", [
        fact("我室友是湖南人", REL, "roommate.hometown"),
        fact("我室友特别能吃辣", REL, "roommate.辣.preference")]),
    case("friends", "我闺蜜是做跨境电商的", [fact("我闺蜜是做跨境电商的", REL, "best_friend.job")]),
    # --- named people ---
    case("named_people", "赵敏是我高中同学", [fact("赵敏是我高中同学", REL, "person:赵敏.relation")]),
    case("named_people", "陈晓东的老家在贵州遵义", [fact("陈晓东的老家在贵州遵义", REL, "person:陈晓东.hometown")]),
    case("named_people", "林婉对酒精过敏，一点都不能喝", [fact("林婉对酒精过敏", REL, "person:林婉.酒精.allergy")]),
    case("named_people", "楼下的王阿姨是退休的中学老师", [fact("王阿姨是退休的中学老师", REL, "person:王阿姨.job")]),
    # --- possessions ---
    case("possessions", "我的笔记本电脑是联想小新", [fact("我的笔记本电脑是联想小新", OTHER, "laptop.brand")]),
    case("possessions", "我家有一辆黑色的理想L7", [fact("我家有一辆黑色的理想L7", OTHER, "car.brand")]),
    case("possessions", "我养了一只边牧，叫可乐", [
        fact("我养了一只边牧", OTHER, "pets.dog"),
        fact("我的狗叫可乐", OTHER, "pets.dog_name", alt=["我的边牧叫可乐"])]),
    # --- places ---
    case("places", "我家住在西安雁塔区", [fact("我家住在西安雁塔区", ID, "residence")]),
    case("places", "我是在哈尔滨长大的", [fact("我是在哈尔滨长大的", ID, "grew_up")]),
    case("places", "我出生在广西桂林", [fact("我出生在广西桂林", ID, "birthplace")]),
    # --- work and education ---
    case("work_education", "我在一家物流公司做调度", [fact("我在一家物流公司做调度", ID, "job")]),
    case("work_education", "我研究生读的是应用心理学", [fact("我研究生读的是应用心理学", ID, "major")]),
    case("work_education", "我每天通勤要一个半小时", [fact("我每天通勤要一个半小时", HAB, "commute")]),
    # --- health and diet ---
    case("health_diet", "我有轻微的脂肪肝", [fact("我有轻微的脂肪肝", HEALTH, "脂肪肝")]),
    case("health_diet", "我乳糖不耐受，喝牛奶会拉肚子", [fact("我乳糖不耐受", HEALTH, "乳糖不耐受")]),
    case("health_diet", "我一吃虾就过敏", [fact("我对虾过敏", HEALTH, "虾.allergy", alt=["我一吃虾就过敏"])]),
    # --- habits ---
    case("habits", "我每天晚上睡前都要泡脚", [fact("我每天晚上睡前都要泡脚", HAB, "泡脚")]),
    case("habits", "周末我一般去水库钓鱼", [fact("我周末一般去水库钓鱼", HAB, "钓鱼", alt=["周末我一般去水库钓鱼"])]),
    # --- preferences ---
    case("preferences", "我特别喜欢吃螺蛳粉", [fact("我特别喜欢吃螺蛳粉", PREF, "螺蛳粉.preference")]),
    case("preferences", "榴莲我是真的闻都不想闻", [fact("我讨厌榴莲", PREF, "榴莲.preference",
                                                alt=["榴莲我是真的闻都不想闻", "我闻都不想闻榴莲"])]),
    case("preferences", "我最喜欢的歌手是周杰伦", [fact("我最喜欢的歌手是周杰伦", PREF, "歌手.favorite")]),
    # --- opinions that name the thing ---
    case("opinions", "楼下新开的那家烤鱼店味道挺不错的", [
        fact("楼下新开的那家烤鱼店味道不错", PREF, "烤鱼店.preference")]),
    case("opinions", "我觉得小米的扫地机器人挺好用的", [
        fact("小米的扫地机器人挺好用", PREF, "小米扫地机器人.preference")]),
    case("opinions", "《繁花》拍得真好，我一口气追完了", [fact("《繁花》拍得真好", PREF, "繁花.preference")]),
    # --- compound: two facts, the second with a pronoun ---
    case("compound", "我哥住在厦门，他是开货车的", [
        fact("我哥住在厦门", REL, "brother.residence"),
        fact("我哥是开货车的", REL, "brother.job")]),
    case("compound", "我老婆叫苏琪，她在医院当护士", [
        fact("我老婆叫苏琪", REL, "wife.name"),
        fact("我老婆在医院当护士", REL, "wife.job")]),
    case("compound", "我有一只布偶猫，它今年三岁了", [
        fact("我有一只布偶猫", OTHER, "pets.cat"),
        fact("我的猫今年三岁", OTHER, "pets.cat.age", alt=["我的布偶猫今年三岁了"])]),
    case("compound", "我的上司是上海人，而且她特别爱喝咖啡", [
        fact("我的上司是上海人", REL, "boss.hometown"),
        fact("我的上司特别爱喝咖啡", REL, "boss.咖啡.preference")]),
    case("compound", "赵敏在广州工作，她是做广告的", [
        fact("赵敏在广州工作", REL, "person:赵敏.employer.location"),
        fact("赵敏是做广告的", REL, "person:赵敏.job")]),
    # --- relative time, resolved against `at` ---
    case("relative_time", "我昨天搬到了浦东的新家", [
        fact("我搬到了浦东的新家", ID, "residence", valid_from="2026-03-09")], at=noon("2026-03-10")),
    case("relative_time", "我上个月开始学游泳了", [
        fact("我开始学游泳", HAB, "游泳", valid_from="2026-05")], at=noon("2026-06-18")),
    case("relative_time", "我去年换了工作，现在在美团", [
        fact("我在美团工作", ID, "employer", valid_from="2025", alt=["我现在在美团"])], at=noon("2026-04-02")),
    case("relative_time", "前天体检查出来我血糖有点高", [
        fact("我血糖有点高", HEALTH, "血糖", valid_from="2026-09-13")], at=noon("2026-09-15")),
    case("relative_time", "我妹妹上周生了个女儿", [
        fact("我妹妹生了个女儿", REL, "younger_sister.daughter", valid_from="2026-05-11/2026-05-17")],
        at=noon("2026-05-20")),
    # --- negated and mixed ---
    case("negated", "我不会喝酒，一杯就倒", [fact("我不会喝酒", HAB, "喝酒")]),
    case("mixed", "我女儿对鸡蛋过敏，蛋糕里能不放蛋吗？", [fact("我女儿对鸡蛋过敏", REL, "daughter.鸡蛋.allergy")]),
    # --- must yield nothing ---
    case("none:question", "你还记得我儿子几岁吗？", []),
    case("none:question", "成都有什么好玩的地方推荐吗", []),
    case("none:question", "我婆婆对什么过敏来着？", []),
    case("none:question", "帮我查一下明天北京的天气", []),
    case("none:chatter", "早上好呀", []),
    case("none:chatter", "哈哈哈笑死我了", []),
    case("none:chatter", "今天好累啊，一点都不想动", []),
    case("none:chatter", "好的，谢谢你", []),
    case("none:hypothetical", "要是我能去冰岛看一次极光就好了", []),
    case("none:hypothetical", "如果我明年辞职的话，你觉得我可以做点什么", []),
    case("none:hypothetical", "假如我有一百万，我就在老家买个小院子", []),
    case("none:calendar", "明天下午三点开会", []),
    case("none:calendar", "周五晚上七点和老同学吃饭", []),
    case("none:calendar", "下周二上午去医院复查", []),
    case("none:opinion", "这也太离谱了吧", []),
    case("none:opinion", "我朋友说那家店一般般", []),
    case("none:assistant", "好的，我记住了，您对芒果过敏。", [], role="assistant"),
    case("none:assistant", "您可以试试每天早上起床后先喝一杯温水。", [], role="assistant"),
    case("none:assistant", "成都的宽窄巷子和人民公园都很值得一去。", [], role="assistant"),
]
