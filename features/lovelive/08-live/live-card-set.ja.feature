# language: ja
@game:lovelive @rules:1.06
機能: ライブカードセットフェイズ (8.2)

  @rule:8.2.2 @rule:5.6.2
  シナリオ: 先攻プレイヤーは3枚を裏向きに置き、3枚引く
    前提 ターン1のAのlive_setステップ
    かつ Aのhandは PL!N-pb1-040-L, PL!N-pb1-040-L, PL!N-pb1-040-L, PL!N-bp3-021-N
    もし ターン2のAのmainステップまで進める
    かつ まとめてPL!N-pb1-040-L、PL!N-pb1-040-L、PL!N-pb1-040-Lを選ぶ
    ならば A.hand.count は 5
    かつ A.live.count は 0
