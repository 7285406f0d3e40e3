Feature: Who performs, on whom (9.1, 9.2)

  Background:
    Given it is A's performance step of turn 4
    And A's stage is:
      | position | card      | cheer        | as    |
      | centre   | hSD01-010 | green, white | azki  |
      | collab   | hSD01-003 | white        | sora  |
      | back     | hSD01-008 | green        | spare |
    And B's stage is:
      | position | card      | damage |
      | centre   | hSD01-009 | 20     |
      | collab   | hSD01-012 |        |

  Rule: 9.1.1 The turn player's centre and collab holomems each use an art once

    @rule:12.3.3.2
    Scenario: The collab holomem attacks the collab, then the centre attacks the centre
      When A uses the art "(๑╹ᆺ╹) Nunnun" of $sora on B's collab holomem
      Then B's collab holomem has 30 damage
      When A uses the art "A Journey to Nowhere with You" of $azki on B:hSD01-009
      Then B's centre position is empty
      And B's archive contains hSD01-009
      And B's collab holomem has 30 damage

    @rule:9.2.1
    Scenario: A back holomem cannot use an art
      Then A may not use the art "You Did Great, Good Job!" of $spare on B.center because of rule 9.2.1

    @rule:9.2.1.5
    Scenario: A holomem that has used an art this performance step cannot use one again
      Given $azki has used an art this performance step
      Then A may not use the art "A Journey to Nowhere with You" of $azki on B.center because of rules 9.2.1.3, 9.2.1.5
      But A may use the art "(๑╹ᆺ╹) Nunnun" of $sora on B.center
