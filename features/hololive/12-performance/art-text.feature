Feature: Art text that sends cheer or draws (12.3.4.2)

  Rule: 12.3.4.2 The art's text is resolved as an effect

    @rule:5.21.2
    Scenario: SorAZ Gravity sends a cheer from the cheer deck when Tokino Sora is on the stage
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green
      And A's back holomem 1 is hSD01-003
      And A's cheer deck is white, green
      And B's centre holomem is TEST-RED-2ND
      When A uses the art "SorAZ Gravity" of A.center on B.center
      And the answer is A's back holomem 1
      Then A's back holomem 1 has cheer white
      And A's cheer deck is green
      And B's centre holomem has 60 damage

    Scenario: Without Tokino Sora on the stage SorAZ Gravity sends no cheer
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green
      And A's back holomem 1 is hSD01-008
      And A's cheer deck is white
      When A uses the art "SorAZ Gravity" of A.center on B.center
      Then A's cheer deck has 1 cards
      And the log shows:
        | event           | rule   |
        | condition_false | 10.3.3 |

    @rule:5.24.1
    Scenario: On an odd result The Future I Want to Reach sends a cheer to SorAZ itself
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-013 with cheer white, green
      And A's cheer deck is red
      When A uses the art "The Future I Want to Reach" of A.center on B.center
      And the answer is yes
      And the die shows 3
      Then A's centre holomem has cheer white, green, red
      And A's hand is empty

    @rule:5.24.1 @rule:5.7.2
    Scenario: On an even result The Future I Want to Reach draws a card
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-013 with cheer white, green
      And A's deck is hSD01-005, hSD01-006
      And A's hand is empty
      When A uses the art "The Future I Want to Reach" of A.center on B.center
      And the answer is yes
      And the die shows 4
      Then A's hand is hSD01-005
      And A's centre holomem has 2 cheer

    @rule:5.24.1
    Scenario: A die result may be scripted for the whole scenario
      Given the die will show 5
      And it is A's performance step of turn 6
      And A's centre holomem is hSD01-013 with cheer white, green
      And A's cheer deck is blue
      When A uses the art "The Future I Want to Reach" of A.center on B.center
      And the answer is yes
      Then A's centre holomem has 3 cheer
      And the log shows:
        | event | result | rule   |
        | die   | 5      | 5.24.1 |
