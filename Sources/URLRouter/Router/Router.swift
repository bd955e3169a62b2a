// The router core lands here.
