Feature: The performance step (7.6)

  Rule: 7.6.1 The first player's first turn has no performance step

    Scenario: After the main step of turn 1 the game goes straight to the end step
      Given it is A's main step of turn 1
      And A's centre holomem is hSD01-011 with cheer green
      When A passes
      Then it is B's main step of turn 2
      And B's centre holomem has 0 damage
      And the log shows:
        | event        | step        | rule  |
        | step_skipped | performance | 7.6.1 |
        | turn_start   |             | 7.7.6 |

  Rule: 7.6.4 The turn player gets a play timing to perform in the performance step

    @rule:10.6.4.3
    Scenario: The second player's first turn has a performance step
      Given it is B's main step of turn 2
      And B's centre holomem is hSD01-011 with cheer green
      When B passes
      Then it is B's performance step of turn 2
      And B may use the art "SorAZ Gravity" of B.center on A.center
