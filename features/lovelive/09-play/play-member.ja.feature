# language: ja
@game:lovelive @rules:1.06
機能: メンバーの登場 (9.6.2)

  @rule:9.6.2.3.1
  シナリオ: コストに等しい数のエネルギーを支払ってメンバーを登場させる
    前提 ターン1のAのmainステップ
    かつ Aのエネルギーは6枚
    かつ Aのhandは PL!N-bp3-016-N
    もし AはPL!N-bp3-016-Nをcenterに登場させる
    ならば A.center は PL!N-bp3-016-N
    かつ A.energy.active は 1
