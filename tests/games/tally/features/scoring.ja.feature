# language: ja
@game:tally
機能: 得点 (5.4)

  @rule:5.4
  シナリオ: 相手の山札の一番上より大きいカードは得点する
    前提 ターン3のAのmainステップ
    かつ Aのhandは N7
    かつ Bのpileは N5
    もし AはN7を出す
    ならば A.points は 1
