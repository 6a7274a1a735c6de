# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Chinese decision pairs, third set (issue 21): changes told in new words, and the four kinds of
pairs that must stay two facts. Written by hand for memcli on 2026-12-01.

``(category, stored, incoming)``; the label follows the category (``LABELS`` in build_decisions.py):

- ``change_value`` (CONFLICT): the same subject and attribute, a new value told with 现在 / 新 / 改 /
  换 / 搬 / 不再 / 跳槽 … (我的老板是李强 → 我的新老板是张伟);
- ``change_refine`` (UPDATE): a move or change inside what was said, more specific;
- ``typed_apart`` (ADD): one attribute word, values of two types (a place and a dwelling, an origin
  and a family, coffee and tea);
- ``name_token`` (ADD): a letter or digit names another thing (维生素D / 维生素C, 3号线 / 4号线);
- ``name_token_change`` (CONFLICT): a named thing replaced, the change told (换成了iPhone 16).
"""

PAIRS = [
    # changes of a functional value, told in new words
    ("change_value", "我的老板是李强", "我的新老板是张伟"),
    ("change_value", "我领导是周涛", "我们换了新领导，现在是刘芳"),
    ("change_value", "我在腾讯做产品经理", "我现在在阿里做产品总监"),
    ("change_value", "我在一家外企做会计", "我跳槽到一家国企当财务主管了"),
    ("change_value", "我住在上海", "我搬到杭州了"),
    ("change_value", "我住在北京朝阳区", "我上个月搬去天津了"),
    ("change_value", "我家在成都", "我们全家搬到重庆了"),
    ("change_value", "我在南京上班", "我调到苏州分公司上班了"),
    ("change_value", "我开的是一辆大众", "我把车换成了比亚迪"),
    ("change_value", "我用的是华为手机", "我现在改用小米手机了"),
    ("change_value", "我是中学老师", "我已经不当老师了，现在做培训"),
    ("change_value", "我的工作是程序员", "我转行做产品经理了"),
    ("change_value", "我女儿在实验小学上学", "我女儿转学到育才小学了"),
    ("change_value", "我每天骑车上班", "我现在改坐地铁上班了"),
    ("change_value", "我的手机号是13800001111", "我换了新号码，13900002222"),
    ("change_value", "我的邮箱是zhang@163.com", "我的新邮箱是zhang@qq.com"),
    ("change_value", "我男朋友叫陈浩", "我现在的男朋友叫吴迪"),
    ("change_value", "我爸在工厂上班", "我爸已经退休了，不再上班"),
    ("change_value", "我妈住在老家", "我妈搬来跟我们一起住了"),
    ("change_value", "我姐姐在深圳工作", "我姐姐现在去广州工作了"),
    ("change_value", "我是素食者", "我现在不再吃素了"),
    ("change_value", "我每天抽一包烟", "我已经戒烟了"),
    ("change_value", "我喜欢喝可乐", "我现在不喝可乐了，改喝苏打水"),
    ("change_value", "我在读研究生", "我研究生已经毕业了，现在上班了"),
    ("change_value", "我的导师是王教授", "我换导师了，现在跟李教授"),
    ("change_value", "我租的房子在徐汇", "我搬到闵行去住了"),
    ("change_value", "我的职位是销售经理", "我升职了，现在是销售总监"),
    ("change_value", "我在美团送外卖", "我不送外卖了，现在开网约车"),
    ("change_value", "我家的狗叫旺财", "我们给狗改名叫豆豆了"),
    ("change_value", "我上班的公司在望京", "我们公司搬到亦庄了"),
    ("change_value", "我的健身教练是小刘", "我换了个新教练，姓赵"),
    ("change_value", "我每周去三次健身房", "我现在一周只去一次健身房了"),
    ("change_value", "我的车停在B2层", "我的车位换到B3层了"),
    ("change_value", "我儿子在读幼儿园大班", "我儿子现在上一年级了"),
    ("change_value", "我的牙医是陈医生", "我现在改找孙医生看牙了"),
    ("change_value", "我在家办公", "我现在每天都去公司上班了"),
    ("change_value", "我老婆在医院当护士", "我老婆辞职了，现在开了家花店"),
    ("change_value", "我的微信名叫小鱼", "我把微信名改成了大海"),
    ("change_value", "我早上六点起床", "我现在改成七点半起床了"),
    ("change_value", "我的房东是王阿姨", "我搬家了，新房东是个年轻人姓李"),
    # a move or change inside what was said: more specific
    ("change_refine", "我住在杭州", "我搬到了杭州滨江区的一个小区"),
    ("change_refine", "我在银行上班", "我现在在银行的信贷部上班"),
    ("change_refine", "我住在深圳", "我现在住在深圳南山区科技园附近"),
    ("change_refine", "我在学日语", "我现在在学日语，准备考N2"),
    ("change_refine", "我在一家医院工作", "我在医院的儿科工作，刚转过去的"),
    ("change_refine", "我养了一只狗", "我养了一只狗，是一只刚满一岁的柯基"),
    # one attribute word, two types of value: two facts
    ("typed_apart", "我住在上海", "我住在一个小公寓里"),
    ("typed_apart", "我住在成都", "我住的是老小区的六楼"),
    ("typed_apart", "我住在广州", "我住在公司宿舍"),
    ("typed_apart", "我住在一套两居室里", "我住在武汉"),
    ("typed_apart", "我老家是河南的", "我来自一个大家庭"),
    ("typed_apart", "我是东北人", "我出生在一个单亲家庭"),
    ("typed_apart", "我每天喝两杯咖啡", "我每天喝一杯茶"),
    ("typed_apart", "我每天早上喝一杯牛奶", "我每天早上喝两杯豆浆"),
    ("typed_apart", "我晚饭一般吃米饭", "我晚饭后吃一个苹果"),
    ("typed_apart", "我一周喝三次奶茶", "我一周喝一次啤酒"),
    ("typed_apart", "我在腾讯工作", "我在深圳工作"),
    ("typed_apart", "我在北京上班", "我在一家创业公司上班"),
    ("typed_apart", "我早餐吃两个鸡蛋", "我早餐喝一杯咖啡"),
    ("typed_apart", "我每天喝八杯水", "我每天喝一杯红酒"),
    # a letter or digit names another thing: two facts
    ("name_token", "我每天早上吃维生素D", "我每天早上吃维生素C"),
    ("name_token", "我在补充维生素B12", "我在补充维生素E"),
    ("name_token", "我每天坐3号线上班", "我每天坐4号线回家"),
    ("name_token", "我住在3号楼", "我爸妈住在5号楼"),
    ("name_token", "我常刷B站", "我常刷A站"),
    ("name_token", "我有一台iPhone 15", "我还有一台iPhone 12当备用机"),
    ("name_token", "我喜欢玩PS5", "我也喜欢玩Switch"),
    ("name_token", "我在考CPA", "我在考ACCA"),
    ("name_token", "我的血型是A型", "我儿子的血型是B型"),
    ("name_token", "我坐9路公交去公司", "我坐11路公交去健身房"),
    ("name_token", "我家的电视是4K的", "我家的投影是1080P的"),
    # a named thing replaced, the change told
    ("name_token_change", "我用的是iPhone 15", "我换成了iPhone 16"),
    ("name_token_change", "我每天坐3号线上班", "我搬家后改坐4号线上班了"),
    ("name_token_change", "我开的是宝马X1", "我把车换成了宝马X3"),
    ("name_token_change", "我家宽带是100M的", "我家宽带升级到了500M"),
]
