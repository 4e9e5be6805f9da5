// Package shapes has an interface whose implementations a property tells
// apart.
package shapes

// Shape is drawn on a canvas.
//
//structgen:oneof kind Circle Square
type Shape interface {
	Area() float64
}

// Circle is round.
type Circle struct {
	Kind   string  `json:"kind"`
	Radius float64 `json:"radius" jsonschema:"minimum=0"`
}

// Area of the circle.
func (c Circle) Area() float64 { return 3 * c.Radius * c.Radius }

// Square has four sides.
type Square struct {
	Kind string  `json:"kind" jsonschema:"const=square"`
	Side float64 `json:"side"`
}

// Area of the square; only *Square implements Shape.
func (s *Square) Area() float64 { return s.Side * s.Side }

// Drawing holds shapes.
//
//structgen:schema
type Drawing struct {
	Title   string  `json:"title"`
	Main    Shape   `json:"main"`
	Shapes  []Shape `json:"shapes"`
	Comment string  `json:"comment,omitempty"`
}
