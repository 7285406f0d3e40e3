# language: ja
@game:lovelive @rules:1.06
機能: ライブ勝敗判定フェイズ (8.4)

  @rule:8.4.7.1 @rule:8.4.6.2
  シナリオ: 両者が勝利したとき、成功ライブカード置き場にカードが2枚あるプレイヤーはカードを移動しない (docs/rulings.md)
    前提 ターン3のAのperformanceステップ
    かつ Aのcenterのメンバーは PL!N-bp3-016-N
    かつ Aのliveは PL!N-pb1-040-L
    かつ Aのsuccessは PL!N-pb1-040-L, PL!N-pb1-040-L
    かつ Bのcenterのメンバーは PL!N-bp3-016-N
    かつ Bのliveは PL!N-pb1-040-L
    ならば A.success.count は 2
    かつ B.success.count は 1

  @rule:8.4.3.2 @rule:8.4.13
  シナリオ: 相手にライブカードが無ければ、ライブカードのあるプレイヤーがライブに勝利し先攻プレイヤーになる (Q66)
    前提 ターン2のAのperformanceステップ
    かつ Bのcenterのメンバーは PL!N-bp3-016-N
    かつ Bのliveは PL!N-pb1-040-L
    ならば B.success は PL!N-pb1-040-L
    かつ B.first は true
