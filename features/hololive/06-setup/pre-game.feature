Feature: The pre-game procedure (6.2.1)

  Rule: 6.2.1 Before the game each player draws seven cards and places holomems face down

    @rule:6.2.1.5 @rule:6.2.1.6 @rule:6.2.1.10 @rule:6.2.1.11 @rule:6.2.1.13
    Scenario: The chosen first player starts turn 1 with the holomems placed face down, life from the oshi
      Given the game is at set-up
      And A's oshi is hSD01-002
      And A's deck is hSD01-008, hSD01-009, hSD01-003, hSD01-004, hSD01-010, hSD01-011, hSD01-005, hSD01-006
      And A's cheer deck has 10 cards
      And B's oshi is hSD01-001
      And B's deck is hSD01-003, hSD01-004, hSD01-007, hSD01-005, hSD01-006, hSD01-013, hSD01-014, hSD01-015
      And B's cheer deck has 10 cards
      When B goes first
      And B keeps the hand
      And A keeps the hand
      And B places hSD01-003 face down in the centre and hSD01-004 on the back
      And A places hSD01-008 face down in the centre and hSD01-009, hSD01-003 on the back
      And the game advances to B's main step of turn 1
      And the answer is B's centre holomem
      Then B's centre holomem is hSD01-003
      And B's centre holomem has cheer white
      And B's back holomem 1 is hSD01-004
      And A's centre holomem is hSD01-008
      And A's back has 2 cards
      And A's life has 6 cards
      And B's life has 5 cards
      And it is B's main step of turn 1

    @rule:6.2.1.7 @rule:5.6.1
    Scenario: A player who takes a mulligan shuffles the hand into the deck and draws seven again
      Given the game is at set-up
      And A's deck is hSD01-008, hSD01-009, hSD01-003, hSD01-004, hSD01-010, hSD01-011, hSD01-005, hSD01-006
      And A's cheer deck has 6 cards
      And B's deck is hSD01-003, hSD01-004, hSD01-007, hSD01-005, hSD01-006, hSD01-013, hSD01-014, hSD01-015
      And B's cheer deck has 6 cards
      And the next shuffle of A's deck keeps its order
      And the next shuffle of A's deck gives hSD01-006, hSD01-005
      When A goes first
      And A takes a mulligan
      Then A's hand has 7 cards
      And A's hand contains hSD01-006
      And A's deck is hSD01-008
      And B has to decide mulligan

  Rule: 6.2.1.10.1 Only a Debut holomem card from the hand may go face down in the centre

    @rule:6.2.1.10.3
    Scenario: A Spot holomem cannot start in the centre, only on the back (Q123); a 1st holomem on neither
      Given the game is at set-up
      And A's deck is TEST-SPOT, TEST-WHITE-DEBUT, TEST-WHITE-1ST, FILLER, FILLER, FILLER, FILLER, FILLER
      And A's cheer deck has 5 cards
      And B's deck is TEST-RED-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER
      And B's cheer deck has 5 cards
      When A goes first
      And A keeps the hand
      And B keeps the hand
      Then A has to decide center
      And the waiting decision offers TEST-WHITE-DEBUT
      And the waiting decision does not offer TEST-SPOT, TEST-WHITE-1ST
      And A may not place TEST-SPOT face down in the centre because of rule 6.2.1.10.1
      And A may place TEST-WHITE-DEBUT face down in the centre and TEST-SPOT on the back
      And A may not place TEST-WHITE-DEBUT face down in the centre and TEST-WHITE-1ST on the back because of rule 6.2.1.10.3
