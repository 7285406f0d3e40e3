Feature: Blooming a holomem (8.3)

  Rule: 8.3.3 The card revealed must have the same name, the next bloom level and more HP than the damage

    @rule:8.3.4 @rule:5.14.1
    Scenario: A bloomed holomem keeps its damage, its cheer and the cards under it
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008 with cheer green
      And A's centre holomem has 20 damage
      And A's hand is hSD01-010
      When A blooms A's centre holomem with hSD01-010
      Then A's centre holomem is hSD01-010
      And A's centre holomem has 20 damage
      And A's centre holomem has 140 HP left
      And A's centre holomem has cheer green
      And A's centre holomem has hSD01-008 under it
      And A's hand is empty

    Scenario: A holomem cannot bloom into a card of another name
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's hand is hSD01-005
      Then A may not bloom A.center with hSD01-005 because of rule 8.3.3

    Scenario: A Debut holomem cannot bloom straight into a 2nd
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's hand is hSD01-011
      Then A may not bloom A.center with hSD01-011 because of rule 8.3.3

    Scenario: A 1st holomem may bloom into another 1st of the same name
      Given it is A's main step of turn 3
      And A's centre holomem is hSD01-010
      And A's back holomem 1 is TEST-GREEN-1ST
      And A's hand is TEST-GREEN-1ST
      Then A may bloom A.back.1 with TEST-GREEN-1ST
      When A blooms A.back.1 with TEST-GREEN-1ST
      Then A's back holomem 1 has TEST-GREEN-1ST under it

    Scenario: The revealed card's HP must be greater than the damage the holomem has taken
      Given the card TEST-FRAIL-1ST is defined as:
        """yaml
        type: holomem
        name: Test Green
        bloom_level: 1st
        colors: [green]
        hp: 80
        baton_pass: [any]
        """
      And it is A's main step of turn 3
      And A's centre holomem is TEST-GREEN-DEBUT
      And A's centre holomem has 80 damage
      And A's hand is TEST-FRAIL-1ST, TEST-GREEN-1ST
      Then A may not bloom A.center with TEST-FRAIL-1ST because of rule 8.3.3
      But A may bloom A.center with TEST-GREEN-1ST

  Rule: 8.3.2 Spot holomems, holomems placed this turn and holomems that bloomed this turn cannot bloom

    Scenario: A holomem that already bloomed this turn cannot bloom again
      Given it is A's main step of turn 5
      And A's centre holomem is hSD01-010
      And A's centre holomem has hSD01-008 under it
      And A's centre holomem bloomed this turn
      And A's hand is hSD01-011
      Then A may not bloom A.center with hSD01-011 because of rule 8.3.2

    Scenario: A Spot holomem cannot bloom
      Given these cards are defined:
        """yaml
        TEST-SPOT-1ST: {type: holomem, name: Test Spot, bloom_level: 1st, colors: [], hp: 120, baton_pass: [any]}
        """
      And it is A's main step of turn 3
      And A's centre holomem is hSD01-008
      And A's back holomem 1 is TEST-SPOT
      And A's hand is TEST-SPOT-1ST
      Then A may not bloom A.back.1 with TEST-SPOT-1ST because of rule 8.3.2
