# language: ja
@game:osica @rules:2024-10-07
機能: キーワードとアピール (テキスト解説)

  @rule:kw.critical.1 @rule:steal.2
  シナリオ: 〔クリティカル〕はガードされないアピールで奪うハートを1枚増やす
    前提 ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T04
    もし Aはcenterでアピールする
    かつ 答えは順に hand, hand
    ならば B.heart.count は 3

  @rule:kw.double.1 @rule:appeal.26
  シナリオ: 〔ダブル〕は1回目のアピールの後に休んでいても2回目のアピールを行う
    前提 ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T05
    もし Aはcenterでアピールする
    かつ 答えは順に hand, hand
    ならば B.heart.count は 3
    かつ A.center.rested は true

  @rule:appeal.4
  シナリオ: 休んでいるキャラはアピールできない
    前提 ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T02
    もし Aはcenterでアピールする
    かつ 答えは hand
    ならば Aはルールappeal.4によりcenterでアピールすることができない

  @rule:kw.counter.1 @rule:steal.8
  シナリオ: イベントカードではない【カウンター】を使用したならドロップエリアに移す
    前提 ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T02
    かつ Bのheartは OS-T23, OS-T00
    かつ Bのコストは1枚
    もし Aはcenterでアピールする
    かつ 答えは yes
    ならば B.drop は OS-T00、OS-T23
    かつ B.heart.count は 1

  @rule:guard.tie
  シナリオ: 仮定guard.tieがguard-dropsならAPが同じガードはドロップエリアに移る
    前提 仮定guard.tieはguard-drops
    かつ ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T02
    かつ Bのcenterのキャラは OS-T06
    もし Aはcenterでアピールする
    かつ 答えは guard
    ならば Bのcenterは空
