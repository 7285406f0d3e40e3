Feature: Down processing and life damage (11.3, 11.5)

  Rule: 11.3.1 A holomem whose damage reaches its HP is downed

    @rule:11.3.1.2 @rule:11.5.1 @rule:5.21.1
    Scenario: A downed holomem goes to the archive and its player's top life card is sent to a holomem
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's centre holomem has 50 damage
      And B's back holomems are hSD01-003, hSD01-004
      And B's life is green, white, white
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      And the answer is B.back.1
      Then B's archive contains hSD01-009
      And B's life has 2 cards
      And B's back holomem 1 has cheer green
      And the game goes on
      And the log shows:
        | event       | holomem  | rule     |
        | down        | B.center | 11.3.1   |
        | leave_stage | B.center | 11.3.1.2 |
        | attach      | B.back.1 | 11.5.1   |

    Scenario: Damage exactly equal to the HP downs the holomem
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's centre holomem has 40 damage
      And B's back holomem 1 is hSD01-003
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then B's centre position is empty
      And B's back holomem 1 has 1 cheer

  Rule: 4.4.5.4 A holomem's HP is its card's HP less the damage it has taken; damage below its HP leaves it on the stage

    @rule:4.4.5.2
    Scenario: Damage below the HP does not down the holomem
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's centre holomem has 39 damage
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then B's centre holomem has 59 damage
      And B's centre holomem has 1 HP left
      And B.life_damage is 0

  Rule: 11.2.1 A player with no card in their life area loses

    @rule:1.2.1.2 @rule:11.5.1
    Scenario: The last life card leaves the life area and its player loses
      Given it is A's performance step of turn 4
      And A's centre holomem is hSD01-008 with cheer green
      And B's centre holomem is hSD01-009
      And B's centre holomem has 50 damage
      And B's back holomem 1 is hSD01-003
      And B's life is white
      When A uses the art "You Did Great, Good Job!" of A.center on B.center
      Then B's life is empty
      And B's back holomem 1 has cheer white
      And A wins the game

  Rule: 2.11.2.2 A holomem with a down-life extra gives that much life damage when downed

    @rule:11.3.1.2
    Scenario: Downing a Buzz holomem costs two life
      Given it is A's performance step of turn 6
      And A's centre holomem is hSD01-011 with cheer green
      And B's centre holomem is hSD01-006
      And B's centre holomem has 190 damage
      And B's back holomem 1 is hSD01-003
      When A uses the art "SorAZ Gravity" of A.center on B.center
      Then B's life has 3 cards
      And B's back holomem 1 has 2 cheer
