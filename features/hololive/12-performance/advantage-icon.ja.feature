# language: ja
機能: アーツのダメージ (12.3.4)

  ルール: 12.3.4.3 対象の色と特攻アイコンの色が同じなら、その値を加算する

    @rule:12.3.4.1 @rule:12.3.4.5
    @twin:scenarios/hololive/12-performance/advantage-icon.yaml
    シナリオ: 特攻アイコンは対象がその色を持つときにその値を加算する
      出典: Official rulebook 1.03, performance step 4

      前提 カード TEST-BLUE の定義:
        """yaml
        type: holomem
        name: Test Blue
        bloom_level: debut
        colors: [blue]
        hp: 150
        baton_pass: [any]
        """
      かつ ターン4のAのパフォーマンスステップ
      かつ Aの推しホロメンは hSD01-002
      かつ Aのセンターホロメンは hSD01-011、エールは緑
      かつ Bのセンターホロメンは TEST-BLUE
      もし Aは Aのセンターホロメンのアーツ「SorAZ グラビティ」を Bのセンターホロメンに使う
      ならば Bのセンターホロメンのダメージは110
      かつ ログには次の順に記録されている:
        | event  | target   | amount | rule     |
        | damage | B.center | 110    | 12.3.4.5 |
