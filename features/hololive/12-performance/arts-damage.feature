Feature: Resolving an art: the damage dealt (12.3.4)

  Rule: 12.3.4.3 The advantage icon adds its value only when the target has that colour

    @rule:12.3.4.1 @rule:12.3.4.5
    Scenario: No advantage against a target of another colour
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-011 with cheer green
      And B's centre holomem is TEST-RED-DEBUT
      When A uses the art "SorAZ Gravity" of A.center on B.center
      Then B's centre holomem has 60 damage
      And B's centre holomem has 40 HP left

    Scenario: Advantage of a test holomem against the colour it beats
      Given it is A's performance step of turn 4
      And A's centre holomem is TEST-WHITE-1ST with cheer white, white
      And B's centre holomem is TEST-BLUE-1ST
      When A uses the art "White Strike" of A.center on B.center
      Then B's centre holomem has 70 damage

  Rule: 12.3.4.2 The art's text is resolved as an effect and may modify the damage

    Scenario: SorAZ Sympathy deals 50 more when AZKi is on the stage
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-006 with cheer white, green, green
      And A's back holomem 1 is hSD01-008
      And B's centre holomem is TEST-RED-2ND
      When A uses the art "SorAZ Sympathy" of A.center on B.center
      Then B's centre holomem has 110 damage
      And the log shows:
        | event     | amount | rule     |
        | art_bonus | 50     | 12.3.4.2 |
        | damage    | 110    | 12.3.4.5 |

    Scenario: Without AZKi on the stage SorAZ Sympathy deals its base damage
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-006 with cheer white, green, green
      And A's back holomem 1 is hSD01-003
      And B's centre holomem is TEST-RED-2ND
      When A uses the art "SorAZ Sympathy" of A.center on B.center
      Then B's centre holomem has 60 damage

    @rule:5.24.1 @rule:5.24.2
    Scenario Outline: Destiny Song rolls a die and adds 50 on an odd result
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green, green, white
      And B's centre holomem is TEST-RED-2ND
      When A uses the art "Destiny Song" of A.center on B.center
      And the answer is yes
      And the die shows <die>
      Then B's centre holomem has <damage> damage

      Examples:
        | die | damage |
        | 2   | 100    |
        | 3   | 150    |
        | 4   | 100    |
        | 5   | 150    |

    Scenario: A 1 on Destiny Song is odd and also a 1: it adds 50 twice
      Given the card TEST-BIG is defined as:
        | type        | holomem  |
        | name        | Test Big |
        | bloom_level | 2nd      |
        | colors      | red      |
        | hp          | 300      |
        | baton_pass  | any, any |
      And it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green, green, white
      And B's centre holomem is TEST-BIG
      When A uses the art "Destiny Song" of A.center on B.center
      And the answer is yes
      And the die shows 1
      Then B's centre holomem has 200 damage

    @rule:5.24.2
    Scenario: The player may decline to roll for Destiny Song
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green, green, white
      And B's centre holomem is TEST-BLUE-2ND
      When A uses the art "Destiny Song" of A.center on B.center
      And the answer is no
      Then B's centre holomem has 150 damage
