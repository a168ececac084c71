axiom: F
] --> F
