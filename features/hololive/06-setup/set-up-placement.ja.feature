# language: ja
機能: ゲーム前の手順: ホロメンの配置 (6.2.1.10)

  ルール: 6.2.1.10.1 センターには手札の Debut ホロメンだけを裏向きで置ける

    @rule:6.2.1.10.3
    シナリオ: Spot ホロメンはセンターには置けず、バックには置ける (Q123)。1st ホロメンはどちらにも置けない
      前提 ゲーム開始前
      かつ Aのデッキは TEST-SPOT、TEST-WHITE-DEBUT、TEST-WHITE-1ST、FILLER、FILLER、FILLER、FILLER、FILLER
      かつ Aのエールデッキは5枚
      かつ Bのデッキは TEST-RED-DEBUT、FILLER、FILLER、FILLER、FILLER、FILLER、FILLER、FILLER
      かつ Bのエールデッキは5枚
      もし Aが先攻になる
      かつ Aはマリガンしない
      かつ Bはマリガンしない
      ならば Aがcenterの決定を求められている
      かつ 待っている決定の選択肢に TEST-WHITE-DEBUT がある
      かつ 待っている決定の選択肢に TEST-SPOT、TEST-WHITE-1ST はない
      かつ Aはルール6.2.1.10.1により TEST-SPOT をセンターに裏向きで置くことができない
      かつ Aは TEST-WHITE-DEBUT をセンターに、TEST-SPOT をバックに裏向きで置くことができる
      かつ Aはルール6.2.1.10.3により TEST-WHITE-DEBUT をセンターに、TEST-WHITE-1ST をバックに裏向きで置くことができない
