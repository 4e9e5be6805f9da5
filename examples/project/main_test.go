package main

func Example() {
	if err := run(); err != nil {
		panic(err)
	}
	// Output:
	// structgen (high): A Go code generator for LLM structured output.
	//   fact 1: Types are generated ahead of time.
	//   fact 2: Parse functions validate strictly.
	//   license: null (the model said it does not know)
	//   version: 0.1.0
	// re-encoded: {"name":"structgen","description":"A Go code generator for LLM structured output.","facts":[{"text":"Types are generated ahead of time.","source":"README.md"},{"text":"Parse functions validate strictly."}],"level":"high","confidence":0.9,"license":null,"version":"0.1.0"}
	// a malformed reply gives:
	// parse Project: 4 problems:
	//   - /facts/0: missing property 'text'
	//   - /level: value must be one of 'low', 'medium', 'high'
	//   - /name: minLength: got 0, want 1
	//   - /stars: minimum: got -1, want 0
}
