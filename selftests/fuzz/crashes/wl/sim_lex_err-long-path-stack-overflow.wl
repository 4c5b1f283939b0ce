#fuzz: path=700
bogus key
