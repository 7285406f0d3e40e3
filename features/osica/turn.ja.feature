# language: ja
@game:osica @rules:2024-10-07
機能: ターンの進行とエリア (OSICA 詳細なルール)

  @rule:chara.4 @rule:chara.5
  シナリオ: APが0以下になったキャラはドロップエリアに移る
    前提 ターン3のAのmainステップ
    かつ Aのhandは OS-T34
    もし AはOS-T34をcenterに出す
    かつ 答えは yes
    ならば Aのcenterは空
    かつ A.drop は OS-T34

  @rule:chara.6 @rule:kw.entry.4
  シナリオ: APが0のキャラが出ても【エントリー】は発生しない
    前提 ターン3のAのmainステップ
    かつ Aのhandは OS-T33
    もし AはOS-T33をcenterに出す
    ならば A.hand.count は 0
    かつ A.drop は OS-T33
    かつ ログには次の順に記録されている:
      | event    | rule       |
      | no_entry | kw.entry.4 |

  @rule:oshi.5
  シナリオ: 推しキャラと同じ番号のデッキのカードは推しキャラではない
    前提 ターン3のAのeventステップ
    かつ Aのhandは OS-T21
    かつ Aのコストは1枚
    かつ Bの推しキャラは OS-T01
    かつ Bのcenterのキャラは OS-T01
    もし AはイベントOS-T21をプレイする
    ならば B.oshi.count は 1
    かつ B.drop は OS-T01

  @rule:event.6 @rule:event.9
  シナリオ: ターン進行中のプレイヤーがパスし相手がパスするとイベントフェイズは終わる
    前提 ターン3のAのeventステップ
    かつ Aのhandは OS-T22
    もし AはイベントOS-T22をプレイする
    かつ Bはパスする
    かつ Aはパスする
    かつ Bはパスする
    ならば ログには次の順に記録されている:
      | event | player | ends  | rule    |
      | pass  | A      | false | event.9 |
      | pass  | B      | true  | event.6 |

  @rule:end.3 @rule:end.4
  シナリオ: 手札が8枚以上なら7枚になるように手札をドロップエリアに移す
    前提 ターン3のAのendステップ
    かつ Aのhandは OS-T00, OS-T00, OS-T00, OS-T00, OS-T00, OS-T00, OS-T00, OS-T03
    もし Bのmainステップまで進める
    かつ まとめてOS-T03を選ぶ
    ならば A.hand.count は 7
    かつ A.drop は OS-T03

  @rule:event.4
  シナリオ: 【アクション】は同じターンにカード1枚につき各テキスト1回
    前提 ターン3のAのeventステップ
    かつ Aのcenterのキャラは OS-T27
    もし AはOS-T27のアクションを使用する
    かつ Bはパスする
    ならば Aはルールevent.4によりOS-T27のアクションを使用することができない

  @rule:kw.through.2
  シナリオ: 〔スルー〕を持つ相手のキャラは選べない
    前提 ターン3のAのeventステップ
    かつ Aのhandは OS-T21
    かつ Aのコストは1枚
    かつ Bのcenterのキャラは OS-T06
    ならば Aはルールpartial.2によりイベントOS-T21をプレイすることができない

  @rule:stage.3
  シナリオ: ステージのレベルの合計はリミットを超えられない
    前提 ターン3のAのmainステップ
    かつ Aのリミットは2
    かつ Aのhandは OS-T03
    ならば Aはルールstage.3によりOS-T03をcenterに出すことができない

  @rule:appeal.9 @rule:appeal.8
  シナリオ: 両方が限界突破しているならガードされたアピールが奪うハートは0枚
    前提 ターン3のAのappealステップ
    かつ Aのcenterのキャラは OS-T02
    かつ Aのhandは OS-T02
    かつ Bのcenterのキャラは OS-T03
    かつ Bのhandは OS-T03
    もし Aはcenterでアピールする
    かつ 答えは順に guard, OS-T02, OS-T03
    ならば B.heart.count は 5
    かつ B.center は OS-T03

  @rule:yell.2
  シナリオ: アシストエリアに3枚あるならエールしたカードはアシストエリアに移せない
    前提 ターン3のAのyellステップ
    かつ Aのcenterのキャラは OS-T02
    かつ Aのdeckは OS-T02, OS-T00, OS-T00
    かつ 次のカードを定義する:
      """
      X-SUPPORT: {name: 支援, type: support, work: テスト作品}
      """
    かつ Aのassistは X-SUPPORT, X-SUPPORT, X-SUPPORT
    ならば 待っている決定の選択肢にassistはない
