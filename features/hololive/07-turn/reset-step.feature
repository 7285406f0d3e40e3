Feature: The reset step (7.2)

  Rule: 7.2 The turn player's holomems become active, and the collab holomem goes back to rest

    @rule:7.2.2 @rule:7.2.3
    Scenario: At the reset step the collab holomem moves to the back and rests; rested holomems become active
      Given it is A's reset step of turn 3
      And A's centre holomem is hSD01-008
      And A's centre holomem is rested
      And A's collab holomem is hSD01-009
      And A's collab holomem is called partner
      When the game advances to A's main step
      Then A's centre holomem is not rested
      And $partner is at A's back position 1
      And $partner is rested
      And A's collab position is empty
      And the log shows:
        | event        | holomem  | rule  |
        | unrest       | A.center | 7.2.2 |
        | move_holomem | A.collab | 7.2.3 |
        | rest         |          | 7.2.3 |

    @rule:7.2.1
    Scenario: The first player's first turn has no reset step
      Given it is A's reset step of turn 1
      And A's centre holomem is hSD01-008
      And A's centre holomem is rested
      When the game advances to A's main step
      Then A's centre holomem is rested
      And the log shows:
        | event        | step  | rule  |
        | step_skipped | reset | 7.2.1 |
