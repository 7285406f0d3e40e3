# language: ja
@game:lovelive @rules:1.06
機能: メンバーの下にあるカード (4.5.5)

  @rule:4.5.5.4 @rule:9.6.2.3.2
  シナリオ: バトンタッチで移動するのはメンバーカードだけで、下にあるエネルギーは新しいメンバーの下に残る
    前提 ターン2のAのmainステップ
    かつ Aのエネルギーは0枚
    かつ Aのcenterのメンバーは PL!-bp3-016-Nで、その下に LL-E-003-SD
    かつ Aのhandは PL!N-bp3-016-N
    もし AはPL!N-bp3-016-Nをcenterに登場させる
    ならば A.center は PL!N-bp3-016-N
    かつ A.center.under は LL-E-003-SD
    かつ A.waiting_room は PL!-bp3-016-N

  @rule:4.7.4
  シナリオ: メンバーの下にあるエネルギーはエネルギーとして数えず、コストを支払えない (Q184)
    前提 ターン2のAのmainステップ
    かつ Aのエネルギーは2枚
    かつ Aのcenterのメンバーは PL!N-bp3-021-Nで、その下に LL-E-003-SD, LL-E-003-SD, LL-E-003-SD
    かつ Aのhandは PL!N-bp3-016-N
    ならば Aはルール4.7.4によりPL!N-bp3-016-Nをleftに登場させることができない
