# language: ja
@game:lovelive @rules:1.06
機能: 能力 (9): 起動能力と自動能力、そのコスト

  @rule:9.1.1.1 @rule:9.6.2.4.2
  シナリオ: コストでステージから控え室に置かれたメンバーの起動能力も解決される
    前提 ターン2のAのmainステップ
    かつ Aのcenterのメンバーは PL!N-sd1-011-SD
    かつ Aのwaiting_roomは PL!N-sd1-026-SD
    かつ Aのhandは PL!N-bp3-016-N
    もし AはPL!N-sd1-011-SDの起動能力をプレイする
    ならば A.center.count は 0
    かつ A.waiting_room.count は 1
    かつ A.hand.count は 2

  @rule:9.4.2.3
  シナリオ: 一部でも支払えないコストはまったく支払えない
    前提 ターン2のAのmainステップ
    かつ Aのcenterのメンバーは PL!N-sd1-009-SD
    かつ Aのエネルギーは1枚
    かつ Aのhandは PL!N-bp3-016-N
    ならば Aはルール9.4.2.3によりPL!N-sd1-009-SDの起動能力をプレイすることができない
