package main

func Example() {
	if err := run(); err != nil {
		panic(err)
	}
	// Output:
	// model calls: 2
	// repair message sent back (user):
	// Your last reply could not be used: it does not match the required format.
	// - /reviewers: got string, want integer
	// - /risk: value must be one of 'low', 'medium', 'high'
	//
	// These were read anyway; write them correctly next time:
	// - (root): skipped the text before the JSON document
	// - (root): left out the text after the document
	// - /points: decoded an array sent as a JSON-encoded string
	//
	// Reply again with only the corrected JSON document for Brief.
	//
	// repaired (root): took the JSON document from a markdown code fence
	// repaired /reviewers: read "2" as the number 2
	// repaired /risk: read "Medium" as the enum value "medium"
	// brief: "Add tool dialects", risk medium, 2 reviewers
	//   - New runtime API
	//   - Golden files changed
	// streaming:
	//   {"title":"Str"} (title done: false, "Str")
	//   {"title":"Stream parti"} (title done: false, "Stream parti")
	//   {"title":"Stream partials"} (title done: true, "Stream partials")
	//   {"title":"Stream partials","risk":"low"} (title done: true, "Stream partials")
	//   {"title":"Stream partials","risk":"low","points":["Fields gr"],"reviewers":1} (title done: true, "Stream partials")
	//   {"title":"Stream partials","risk":"low","points":["Fields grow"],"reviewers":1} (title done: true, "Stream partials")
}
