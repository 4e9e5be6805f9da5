package main

func Example() {
	if err := run(); err != nil {
		panic(err)
	}
	// Output:
	// final answer: A code generator for Go. (high, 3 facts)
	//   repaired (root): took the JSON document from a markdown code fence
	//   repaired /level: read "High" as the enum value "high"
	//   OpenAI strict mode: true
	// tool call: "Done.", response level low, confidence set: false
	// stored: {"description":"A code generator for Go.","facts":["Ahead of time.","Typed.","Validated."],"level":"low"}
	// read back the same: true; a bad document gives:
	// parse ProjectFacts: 2 problems:
	//   - /facts: minItems: got 1, want 3
	//   - /level: value must be one of 'low', 'high'
}
