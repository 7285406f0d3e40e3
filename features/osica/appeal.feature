@game:osica @rules:2024-10-07
Feature: The appeal (アピールフェイズ)

  @rule:appeal.2 @rule:win.3 @rule:win.1
  Scenario: An unguarded appeal against a player with no heart wins
    Given it is A's appeal step of turn 3
    And A's center character is OS-T02
    And B has 0 hearts
    When A appeals with center
    Then A wins the game

  @rule:stage.3 @rule:main.7
  Scenario: No character whose level would take the stage over the limit
    Given it is A's main step of turn 3
    And A's limit is 3
    And A's left character is OS-T02
    And A's hand holds OS-T03
    Then A may not play OS-T03 to center because of rule stage.3
    And A may play OS-T03 to assist

  @rule:guard.compare @rule:appeal.6
  Scenario: A guard of higher AP holds and the appeal steals no heart
    Given it is A's appeal step of turn 3
    And A's center character is OS-T02
    And B's center character is OS-T03
    When A appeals with center
    And the answer is guard
    Then B.center is OS-T03
    And B.heart.count is 5

  @rule:appeal.2
  Scenario: A guard of the same AP holds (guard.tie)
    Given it is A's appeal step of turn 3
    And A's center character is OS-T02
    And B's center character is OS-T06
    When A appeals with center
    And the answer is guard
    Then B.center is OS-T06

  @rule:appeal.2
  Scenario: With guard.tie set to guard-drops, the same AP sends the guard to the drop area
    Given the assumption guard.tie is guard-drops
    And it is A's appeal step of turn 3
    And A's center character is OS-T02
    And B's center character is OS-T06
    When A appeals with center
    And the answer is guard
    Then B's center is empty
    And B.drop is OS-T06

  @rule:kw.critical.1 @rule:kw.critical.2
  Scenario: 〔クリティカル〕 adds nothing to a guarded appeal that steals no heart
    Given it is A's appeal step of turn 3
    And A's center character is OS-T04
    And B's center character is OS-T03
    When A appeals with center
    And the answer is guard
    Then B.heart.count is 5

  @rule:kw.charge.1 @rule:kw.charge.2
  Scenario: 〔チャージ3000〕 counts against a guard of AP 2000 that goes to the drop area
    Given it is A's appeal step of turn 3
    And A's center character is OS-T04
    And B's center character is OS-T02
    When A appeals with center
    And the answers are guard, hand, hand
    Then B.heart.count is 3

  @rule:guard.compare
  Scenario: 〔チャージ3000〕〔チャージ2000〕 add nothing when the guard dropped had AP above 3000
    Given it is A's appeal step of turn 3
    And these cards are defined:
      """
      X-AP3500: {name: 中堅, type: character, work: テスト作品, level: 1, ap: 3500}
      X-CHARGER: {name: 突進, type: character, work: テスト作品, level: 2, ap: 5000, keywords: {charge: [3000, 2000]}}
      """
    And A's center character is X-CHARGER
    And B's center character is X-AP3500
    When A appeals with center
    And the answer is guard
    Then B's center is empty
    And B.heart.count is 5

  @rule:appeal.1
  Scenario: The first player's first turn has no appeal phase
    Given it is A's yell step of turn 1
    When the game advances to B's main step
    Then the log shows:
      | event         | phase  | rule     |
      | phase_skipped | appeal | appeal.1 |

  @rule:appeal.26 @rule:kw.double.1
  Scenario: 〔ダブル〕 appeals a second time after its first appeal's hearts are placed
    Given it is A's appeal step of turn 3
    And A's center character is OS-T05
    When A appeals with center
    And the answers are hand, hand
    Then B.heart.count is 3

  @rule:win.3 @rule:win.4
  Scenario: Two hearts stolen from a player with one: the game goes on at 0 hearts
    Given it is A's appeal step of turn 3
    And A's center character is OS-T04
    And B has 1 hearts
    When A appeals with center
    And the answer is hand
    Then the game goes on
    And B.heart.count is 0

  @rule:appeal.27
  Scenario: 〔ダブル〕 makes no second appeal once a 【カウンター】 sent it to the drop area
    Given it is A's appeal step of turn 3
    And these cards are defined:
      """
      X-COUNTER-DROP:
        name: 退場反撃
        type: event
        work: テスト作品
        keywords: {counter: 0}
        abilities: [{timing: counter, do: [{drop: {choose: opponent}}]}]
      """
    And A's center character is OS-T05
    And B's heart holds X-COUNTER-DROP, OS-T00
    When A appeals with center
    And the answer is yes
    Then A's center is empty
    And the log shows:
      | event             | rule      |
      | no_second_appeal  | appeal.27 |
