Feature: Support cards and oshi skills (8.5, 8.6)

  Rule: 8.6.2 A LIMITED support cannot be played twice in a turn, nor on the first player's first turn

    Scenario: No LIMITED support on the first player's first turn
      Given it is A's main step of turn 1
      And A's centre holomem is hSD01-008
      And A's hand is hSD01-016
      Then A may not play hSD01-016 because of rule 8.6.2

    Scenario: No second LIMITED support in a turn
      Given it is A's main step of turn 3
      And A has already played a LIMITED support this turn
      And A's centre holomem is hSD01-008
      And A's hand is hSD01-017
      Then A may not play hSD01-017 because of rule 8.6.2

  Rule: 8.5 Playing an oshi skill or an SP oshi skill

    @rule:8.5.1
    Scenario: An oshi without an oshi skill has none to use
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      Then A may not use the oshi skill "Replacement" because of rule 8.5.1

    @rule:8.5.1.1
    Scenario: Only one oshi skill per turn
      Given it is A's main step of turn 3
      And A's oshi is hSD01-001
      And A has already used an oshi skill this turn
      And A's centre holomem is hSD01-008
      Then A may not use the oshi skill "Replacement" because of rule 8.5.1.1

    @rule:8.5.1.2
    Scenario: Only one SP oshi skill per game
      Given it is A's main step of turn 7
      And A's oshi is hSD01-001
      And A has already used an SP oshi skill this game
      And A's centre holomem is hSD01-008
      Then A may not use the SP oshi skill "Then you're an enemy?" because of rule 8.5.1.2
