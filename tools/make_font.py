"""Build the bundled UI font: Noto Sans CJK JP (OFL 1.1) subset and renamed "Asobiba Sans".

Licence: Noto Sans CJK declares no Reserved Font Name (Debian's copyright file and the font's name table
give only the plain OFL 1.1); Adobe's Source Han Sans reserves "Source". The subset is a Modified Version,
so it is renamed "Asobiba Sans" (using neither "Noto", a Google trademark, nor "Source"), keeps the
copyright and licence records, and ships with OFL.txt. Deterministic: re-running with no new characters
gives byte-identical files. Usage: python tools/make_font.py

Characters: fixed blocks (ASCII, kana, punctuation, the jōyō kanji), every text the game gathers through its
registry (string catalogue, title names, pitches and rules pages, bot names; see game_texts) and, for hard-coded
texts, every non-ASCII character of the sources under game/.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
OUT_DIR = GAME / "assets" / "fonts"
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
SOURCES = {"Regular": NOTO_DIR / "NotoSansCJK-Regular.ttc", "Bold": NOTO_DIR / "NotoSansCJK-Bold.ttc"}
FAMILY = "Asobiba Sans"
PS_FAMILY = "AsobibaSans"
MAX_BYTES = 1_500_000

RANGES = (
    (0x0020, 0x007E),  # printable ASCII
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x2000, 0x206F),  # General Punctuation
    (0x2190, 0x21FF),  # Arrows
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
)
SYMBOLS = "×÷²³★☆♥♡●○◆◇■□▲▼▶◀△▽◎※♪♫✓✗…・〜♠♣♦♢♤♧°±√∞≠≦≧"
# Characters the source font lacks, drawn with a similar glyph it has.
ALIASES = {"✗": "×", "✕": "×", "✔": "✓"}

# Kanji from MEXT's 学年別漢字配当表 (2020: grades 1-6, 1,026) and the rest of the jōyō list
# (2010, 2,136 in all); grade lists taken from KANJIDIC's G1-G8 fields, JIS order.
KYOIKU_KANJI = (
    "一右雨円王音下火花貝学気休玉金九空月犬見五口校左三山四子糸字耳七車手十出女小上森人水正生青石赤先千川"
    "早草足村大男竹中虫町天田土二日入年白八百文本名木目夕立力林六引羽雲園遠黄何夏家科歌画会回海絵外角楽活"
    "間丸岩顔帰汽記弓牛魚京強教近兄形計元原言古戸午後語交光公工広考行高合国黒今才細作算姉市思止紙寺時自室"
    "社弱首秋週春書少場色食心新親図数星晴声西切雪線船前組走多太体台谷知地池茶昼朝長鳥直通弟店点電冬刀東当"
    "答頭同道読内南肉馬買売麦半番父風分聞米歩母方北妹毎万明鳴毛門夜野矢友曜用来理里話悪安暗委意医育員飲院"
    "運泳駅央横屋温化荷界開階寒感漢館岸期起客宮急球究級去橋業局曲銀区苦具君係軽決血研県庫湖向幸港号根祭坂"
    "皿仕使始指死詩歯事持次式実写者主取守酒受州拾終習集住重宿所暑助勝商昭消章乗植深申真神身進世整昔全想相"
    "送息速族他打対待代第題炭短談着柱注丁帳調追定庭笛鉄転登都度島投湯等豆動童農波配倍箱畑発反板悲皮美鼻筆"
    "氷表病秒品負部服福物平返勉放味命面問役薬油有由遊予様洋羊葉陽落流旅両緑礼列練路和愛案以位衣井茨印栄英"
    "塩岡沖億加果課貨芽賀改械害街各覚潟完官管観関願器岐希旗機季議求泣給挙漁競共協鏡極熊訓群軍郡径景芸欠結"
    "健建験固候功好康香佐差最菜材阪崎埼昨刷察札参散産残司氏試児滋治辞鹿失借種周祝順初唱松焼照省笑城信臣成"
    "清静席積折節説戦浅選然倉巣争側束続卒孫帯隊達単置仲兆低底的典伝徒努灯働徳特栃奈縄熱念敗梅博飯飛必媛標"
    "票不付夫富府阜副兵別変辺便包法望牧末満未民無約勇要養浴利梨陸料良量輪類令例冷連労老録圧囲易移因営永衛"
    "液益演往応仮価可河過解快格確額刊幹慣眼喜基寄紀規技義逆久救旧居許境興均禁句型経潔件検険減現限個故護効"
    "厚構耕航講鉱告混査再妻採災際在罪財桜殺雑賛酸史士師志支枝資飼似示識質舎謝授修術述準序招証象賞常情条状"
    "織職制勢性政精製税績責接設絶祖素総像増造則測属損態貸団断築貯張停提程適統堂導銅得毒独任燃能破判版犯比"
    "肥費非備評貧婦布武復複仏粉編弁保墓報豊暴貿防脈務夢迷綿輸余容率略留領歴異胃遺域宇映延沿恩我灰拡閣革割"
    "株巻干看簡危揮机貴疑吸供胸郷勤筋敬系警劇激穴券憲権絹厳源呼己誤后孝皇紅鋼降刻穀骨困砂座済裁策冊蚕姿私"
    "至視詞誌磁射捨尺若樹収宗就衆従縦縮熟純処署諸除傷将承障蒸針仁垂推寸盛聖誠舌宣専泉洗染銭善創奏層操窓装"
    "臓蔵存尊退宅担探誕暖段値宙忠著庁潮腸頂賃痛敵展党糖討届難乳認納脳派俳拝背肺班晩否批秘俵腹奮並閉陛片補"
    "暮宝訪亡忘棒枚幕密盟模訳優郵預幼欲翌乱卵覧裏律臨朗論"
)

JOYO_OTHER_KANJI = (
    "亜哀挨握扱宛闇依偉威尉慰椅為畏維緯萎違壱逸稲芋咽姻淫陰隠韻臼渦唄浦餌影詠鋭疫悦謁越閲宴怨援炎煙猿縁艶"
    "鉛汚凹奥押旺欧殴翁憶臆乙俺卸穏佳嫁寡暇架禍稼箇苛華菓蚊牙雅餓介塊壊怪悔懐戒拐皆劾崖慨概涯蓋該骸垣柿嚇"
    "核殻獲穫較郭隔岳顎掛喝括渇滑葛褐轄且釜鎌刈瓦乾冠勘勧喚堪寛患憾換敢棺款歓汗環甘監緩缶肝艦貫還鑑閑陥韓"
    "含玩頑企伎奇幾忌既棋棄畿祈軌輝飢騎鬼亀偽儀宜戯擬欺犠菊吉喫詰却脚虐丘及朽窮糾巨拒拠虚距享凶叫峡恐恭挟"
    "況狂狭矯脅響驚仰凝暁僅巾錦斤琴緊菌襟謹吟駆駒愚虞偶遇隅串屈掘窟靴繰桑勲薫傾刑啓契恵慶憩掲携渓稽継茎蛍"
    "詣鶏迎鯨撃隙桁傑倹兼剣圏堅嫌懸拳献肩謙賢軒遣鍵顕幻弦玄舷孤弧枯股虎誇雇顧鼓互呉娯御悟碁乞侯勾喉坑孔巧"
    "恒慌抗拘控攻更梗江洪溝甲硬稿絞綱肯荒衡貢購郊酵項剛拷豪克酷獄腰込頃墾婚恨懇昆痕紺魂唆沙詐鎖挫債催塞宰"
    "彩栽歳采砕斎載剤咲削搾柵索錯拶撮擦傘惨桟斬暫伺刺嗣施旨祉紫肢脂諮賜雌侍慈璽軸執嫉湿漆疾芝赦斜煮遮蛇邪"
    "爵酌釈寂朱殊狩珠腫趣儒呪寿需囚愁秀臭舟襲蹴酬醜充柔汁渋獣銃叔淑粛塾俊瞬准循旬殉潤盾巡遵庶緒叙徐償匠升"
    "召奨宵尚床彰抄掌昇晶沼渉焦症硝礁祥称粧紹肖衝訟詔詳鐘丈冗剰壌嬢浄畳譲醸錠嘱飾拭殖触辱尻伸侵唇娠寝審慎"
    "振浸紳芯薪診辛震刃尋甚尽腎迅陣須酢吹帥炊睡粋衰遂酔随髄崇枢据杉裾澄瀬畝是凄姓征牲誓請逝醒斉隻惜戚斥析"
    "籍脊跡拙摂窃仙占扇栓潜煎旋繊羨腺薦詮践遷鮮漸禅繕膳塑措曽狙疎礎租粗訴阻遡僧双喪壮爽捜掃挿曹槽燥痩荘葬"
    "藻遭霜騒憎贈促即捉俗賊袖遜汰唾堕妥惰駄堆耐怠戴替泰滞胎袋逮滝卓択拓沢濯託濁諾但奪脱棚誰丹嘆旦淡端綻胆"
    "鍛壇弾恥痴稚致遅畜蓄逐秩窒嫡抽衷酎鋳駐弔彫徴懲挑眺聴超跳勅捗朕沈珍鎮陳津墜椎塚漬潰坪爪釣鶴亭偵貞呈堤"
    "帝廷抵締艇訂諦逓邸泥摘滴溺哲徹撤迭添貼殿吐塗妬斗渡賭途奴怒倒凍唐塔悼搭桃棟盗痘筒到藤謄踏逃透陶騰闘憧"
    "洞瞳胴峠匿督篤凸突屯豚頓曇鈍那謎鍋軟尼弐匂虹如尿妊忍寧猫捻粘悩濃把覇婆罵廃排杯輩培媒賠陪伯拍泊舶薄迫"
    "漠爆縛箸肌鉢髪伐罰抜閥伴帆搬斑氾汎畔繁般藩販範煩頒盤蛮卑妃彼扉披泌疲碑罷被避尾微眉匹膝肘姫漂描苗浜賓"
    "頻敏瓶怖扶敷普浮符腐膚譜賦赴附侮舞封伏幅覆払沸噴墳憤紛雰丙併塀幣弊柄蔽壁癖蔑偏遍舗捕穂募慕簿倣俸奉峰"
    "崩抱泡砲縫胞芳蜂褒邦飽乏傍剖坊妨帽忙房某冒紡肪膨謀貌僕墨撲朴睦勃没堀奔翻凡盆摩磨魔麻埋昧膜枕又抹繭慢"
    "漫魅岬蜜妙眠矛霧婿娘冥銘滅免麺茂妄猛盲網耗黙餅戻紋冶弥厄躍柳愉癒諭唯幽悠憂湧猶裕誘雄融与誉妖庸揚揺擁"
    "溶窯謡踊抑沃翼羅裸頼雷絡酪嵐欄濫藍吏履璃痢離硫粒隆竜侶慮虜了僚寮涼猟療瞭糧陵倫厘隣瑠塁涙累励鈴隷零霊"
    "麗齢暦劣烈裂廉恋錬呂炉賂露廊弄楼浪漏郎麓賄脇惑枠湾腕丼傲刹哺喩嗅嘲毀彙恣惧慄憬拉摯曖楷鬱璧瘍箋籠緻羞"
    "訃諧貪踪辣錮"
)

JOYO_EXTRA = "𠮟塡剝頰叱填剥頬"  # jōyō forms outside JIS X 0208, and their common JIS forms


def fixed_chars() -> set[str]:
    """Characters always included, whatever the game text uses."""
    chars = {chr(cp) for lo, hi in RANGES for cp in range(lo, hi + 1)}
    return chars | set(SYMBOLS) | set(KYOIKU_KANJI) | set(JOYO_OTHER_KANJI) | set(JOYO_EXTRA)


def shown(chars) -> set[str]:
    """The non-ASCII, non-control characters among `chars`."""
    return {c for c in chars if ord(c) > 0x7E and unicodedata.category(c)[0] != "C"}


def project_chars(root: Path = GAME) -> set[str]:
    """Non-ASCII, non-control characters used by any *.py or *.md file under game/ (hard-coded texts too)."""
    chars: set[str] = set()
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.md")]):
        chars.update(path.read_text(encoding="utf-8"))
    return shown(chars)


def game_texts() -> list[str]:
    """Every text the game shows through what it declares, gathered as the game gathers it: the merged string
    catalogue (i18n.catalogue(): the app's strings and every discovered title's), each title's names, pitch and
    rules pages, the language names and the bot names. The toy title the tests add (tests/fixtures/titles) is
    discovered too, as in the test run, so the glyph test can check its strings against the shipped font."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script from tools/
    import game.titles

    toy_titles = str(ROOT / "tests" / "fixtures" / "titles")
    if toy_titles not in game.titles.__path__:
        game.titles.__path__.append(toy_titles)
    from game.app.setup import BOT_NAMES
    from game.services import i18n
    from game.titles import registry

    registry.refresh()
    i18n.catalogue.cache_clear()
    texts = [text for entry in i18n.catalogue().values() for text in entry.values()]
    texts += [*i18n.LANGUAGE_NAMES.values(), *(name for pair in BOT_NAMES for name in pair)]
    for spec in registry.TITLES.values():
        texts += [spec.name_en, spec.name_ja, spec.pitch_en, spec.pitch_ja]
        for sections in spec.module("rules_text").RULES.values():
            for heading, bullets in sections:
                texts += [heading, *bullets]
    return texts


def subset_options() -> subset.Options:
    """Subsetter options: plain cmap glyphs plus kerning, licence records kept, hints kept."""
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]
    options.notdef_outline = True
    options.hinting = True  # CFF hints help small UI sizes; the files stay well under the size budget
    options.desubroutinize = False  # subroutines keep the uncompressed .otf smaller
    return options


def rename(font: TTFont, style: str) -> None:
    """Give the Modified Version its own name in the name table and the CFF table."""
    ps_name = f"{PS_FAMILY}-{style}"
    version = font["name"].getDebugName(5) or ""
    records = {
        1: FAMILY,
        2: style,
        3: f"{ps_name};subset of Noto Sans CJK JP {style} for Asobiba",
        4: FAMILY if style == "Regular" else f"{FAMILY} {style}",
        5: f"{version}; Asobiba subset",
        6: ps_name,
        10: f"Subset of Noto Sans CJK JP {style} (2.004), renamed; made by Asobiba tools/make_font.py.",
    }
    for name_id, text in records.items():
        font["name"].setName(text, name_id, 3, 1, 0x409)
    cff = font["CFF "].cff
    old = cff.fontNames[0]
    cff.fontNames = [ps_name]
    top = cff.topDictIndex[0]
    top.FullName, top.FamilyName = records[4], FAMILY
    for fd in getattr(top, "FDArray", []):
        fd.FontName = fd.FontName.replace(old, ps_name)


def add_aliases(font: TTFont) -> None:
    """Map each alias code point to the glyph of its stand-in character."""
    for table in font["cmap"].tables:
        if table.isUnicode():
            for alias, target in ALIASES.items():
                if ord(target) in table.cmap and ord(alias) <= (0xFFFF if table.format == 4 else 0x10FFFF):
                    table.cmap[ord(alias)] = table.cmap[ord(target)]


def build(style: str, chars: set[str]) -> tuple[TTFont, int]:
    """Subset one style into OUT_DIR; return the subset font and its file size."""
    font = TTFont(SOURCES[style], fontNumber=0, recalcTimestamp=False, recalcBBoxes=True)
    cmap = font.getBestCmap()
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=sorted(ord(c) for c in chars if ord(c) in cmap))
    subsetter.subset(font)
    rename(font, style)
    add_aliases(font)
    out = OUT_DIR / f"{PS_FAMILY}-{style}.otf"
    font.save(out)
    return font, out.stat().st_size


def main() -> int:
    """Build both styles and report what was made."""
    for src in SOURCES.values():
        if not src.exists():
            print(f"error: source font not found: {src} (apt-get install fonts-noto-cjk)", file=sys.stderr)
            return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    texts = shown("".join(game_texts()))
    used = project_chars() | texts
    chars = fixed_chars() | used
    wanted = chars - {chr(cp) for lo, hi in RANGES for cp in range(lo, hi + 1)}  # blocks may have gaps
    print(f"characters requested: {len(chars)} ({len(used)} non-ASCII in the game's texts and sources, "
          f"{len(texts)} of them in its catalogue, titles and bot names)")
    status = 0
    for style in SOURCES:
        font, size = build(style, chars)
        cmap = font.getBestCmap()
        print(
            f"{PS_FAMILY}-{style}.otf: {len(font.getGlyphOrder())} glyphs, {len(cmap)} characters, {size:,} bytes"
        )
        missing = sorted(c for c in wanted if ord(c) not in cmap)
        if missing:
            print(f"  warning: not in the source font, will not render: {' '.join(missing)!r}")
        if size > MAX_BYTES:
            print(f"  error: larger than {MAX_BYTES:,} bytes", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
