@game:osica @rules:2024-10-07
Feature: Keywords an appeal sets off (テキスト解説)

  @rule:kw.power-up.1 @rule:kw.power-up.4
  Scenario: 〔パワーアップ1000〕 must give one of its player's characters AP+1000, here another one
    Given it is A's appeal step of turn 3
    And A's center character is OS-T08
    And A's left character is OS-T00
    When A appeals with center
    And the answers are A.left, hand
    Then A.left.ap is 2000
    And A.center.ap is 2000

  @rule:kw.annihilate.1 @rule:kw.annihilate.2
  Scenario: 〔滅殺1〕 not paid: the facing character stays and guards
    Given it is A's appeal step of turn 3
    And A's center character is OS-T09
    And A has 1 cost
    And B's center character is OS-T00
    When A appeals with center
    And the answers are no, guard
    Then A.cost.count is 1
    And B's center is empty

  @rule:kw.decode.1
  Scenario: 〔解読1〕 paid: one card drawn, and the 「解読したなら」 text adds AP
    Given it is A's appeal step of turn 3
    And A's center character is OS-T12
    And A has 1 cost
    When A appeals with center
    And the answers are yes, hand
    Then A.hand.count is 1
    And A.center.ap is 3000

  @rule:kw.perform.1 @rule:win.5
  Scenario: 〔演奏0〕 steals a heart from a player with none: the game is won before the appeal ends
    Given it is A's appeal step of turn 3
    And these cards are defined:
      """
      X-PERFORM0: {name: 無償演奏, type: character, work: テスト作品, level: 1, ap: 1000, keywords: {perform: 0}}
      """
    And A's center character is X-PERFORM0
    And B has 0 hearts
    When A appeals with center
    And the answer is yes
    Then A wins the game

  @rule:kw.stop.1
  Scenario: 〔ストップ〕 cannot appeal
    Given it is A's appeal step of turn 3
    And A's center character is OS-T07
    Then A may not appeal with center because of rule kw.stop.1
