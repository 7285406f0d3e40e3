Feature: Arts damage (12.3.4)

  Rule: 12.3.4.3 The advantage icon adds its value when the target has that colour

    @rule:12.3.4.1 @rule:12.3.4.5
    @twin:scenarios/hololive/12-performance/advantage-icon.yaml
    Scenario: The advantage icon adds its value when the target has that colour
      Source: Official rulebook 1.03, performance step 4

      Given the card TEST-BLUE is defined as:
        | type        | holomem   |
        | name        | Test Blue |
        | bloom_level | debut     |
        | colors      | blue      |
        | hp          | 150       |
        | baton_pass  | any       |
      And it is A's performance step of turn 4
      And A's oshi is hSD01-002
      And A's centre holomem is hSD01-011 with cheer green
      And B's centre holomem is TEST-BLUE
      When A uses the art "SorAZ Gravity" of A.center on B.center
      Then B's centre holomem has 110 damage
      And the log shows:
        | event  | target   | amount | rule     |
        | damage | B.center | 110    | 12.3.4.5 |
