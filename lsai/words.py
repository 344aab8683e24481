"""English words in the text lsai prints, shared by the query layer's views and the CLI's
progress and summary (which loads without the query layer)."""


def plural(word: str, n: int) -> str:
    if n == 1:
        return word
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
