# language: ja
機能: ホロメンを Bloom させる (8.3)

  ルール: 8.3.1 最初のターンにはホロメンを Bloom させられない

    @rules:*
    @twin:scenarios/hololive/08-main-step/no-bloom-first-turn.yaml
    シナリオ: 自分の最初のターンにはホロメンを Bloom させられない
      後攻プレイヤーの最初のターンはターン2。後攻でも例外はない。

      前提 ターン2のBのメインステップ
      かつ Bのセンターホロメンは hSD01-008
      かつ Bの手札は hSD01-010
      ならば Bはルール8.3.1により Bのセンターホロメンを hSD01-010 でBloomさせることができない
