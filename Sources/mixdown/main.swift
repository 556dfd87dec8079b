print("mixdown")
