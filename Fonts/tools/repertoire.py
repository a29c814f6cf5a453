"""Shared repertoire definition for the departure-board fonts.

REQUIRED lists every code point each font must cover; NAMES gives the
Adobe-style glyph name used for STARTCHAR.
"""

_ascii = ("space exclam quotedbl numbersign dollar percent ampersand quotesingle "
          "parenleft parenright asterisk plus comma hyphen period slash "
          "zero one two three four five six seven eight nine colon semicolon "
          "less equal greater question at").split()
_ascii += [chr(c) for c in range(0x41, 0x5B)]
_ascii += "bracketleft backslash bracketright asciicircum underscore grave".split()
_ascii += [chr(c) for c in range(0x61, 0x7B)]
_ascii += "braceleft bar braceright asciitilde".split()

_latin1 = ("uni00A0 exclamdown cent sterling currency yen brokenbar section "
           "dieresis copyright ordfeminine guillemotleft logicalnot uni00AD "
           "registered macron degree plusminus twosuperior threesuperior acute "
           "mu paragraph periodcentered cedilla onesuperior ordmasculine "
           "guillemotright onequarter onehalf threequarters questiondown "
           "Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla "
           "Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex "
           "Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis "
           "multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn "
           "germandbls agrave aacute acircumflex atilde adieresis aring ae "
           "ccedilla egrave eacute ecircumflex edieresis igrave iacute "
           "icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde "
           "odieresis divide oslash ugrave uacute ucircumflex udieresis yacute "
           "thorn ydieresis").split()

NAMES = {}
for i, n in enumerate(_ascii):
    NAMES[0x20 + i] = n
for i, n in enumerate(_latin1):
    NAMES[0xA0 + i] = n
NAMES.update({
    0x2013: "endash", 0x2014: "emdash", 0x2018: "quoteleft",
    0x2019: "quoteright", 0x201C: "quotedblleft", 0x201D: "quotedblright",
    0x2022: "bullet", 0x2026: "ellipsis", 0x20AC: "Euro",
    0x2191: "arrowup", 0x2192: "arrowright", 0x2193: "arrowdown",
    0xFFFD: "uniFFFD",
})

_latin_ext_a = """Amacron amacron Abreve abreve Aogonek aogonek Cacute cacute Ccircumflex ccircumflex
Cdotaccent cdotaccent Ccaron ccaron Dcaron dcaron Dcroat dcroat Emacron emacron Ebreve ebreve
Edotaccent edotaccent Eogonek eogonek Ecaron ecaron Gcircumflex gcircumflex Gbreve gbreve
Gdotaccent gdotaccent Gcommaaccent gcommaaccent Hcircumflex hcircumflex Hbar hbar Itilde itilde
Imacron imacron Ibreve ibreve Iogonek iogonek Idotaccent dotlessi IJ ij Jcircumflex jcircumflex
Kcommaaccent kcommaaccent kgreenlandic Lacute lacute Lcommaaccent lcommaaccent Lcaron lcaron
Ldot ldot Lslash lslash Nacute nacute Ncommaaccent ncommaaccent Ncaron ncaron napostrophe Eng eng
Omacron omacron Obreve obreve Ohungarumlaut ohungarumlaut OE oe Racute racute Rcommaaccent
rcommaaccent Rcaron rcaron Sacute sacute Scircumflex scircumflex Scedilla scedilla Scaron scaron
Tcedilla tcedilla Tcaron tcaron Tbar tbar Utilde utilde Umacron umacron Ubreve ubreve Uring uring
Uhungarumlaut uhungarumlaut Uogonek uogonek Wcircumflex wcircumflex Ycircumflex ycircumflex
Ydieresis Zacute zacute Zdotaccent zdotaccent Zcaron zcaron longs""".split()
for i, n in enumerate(_latin_ext_a):
    NAMES[0x100 + i] = n

EXTRA = [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026,
         0x20AC, 0x2191, 0x2192, 0x2193, 0xFFFD]
REQUIRED = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)) + EXTRA
# The small LED fonts also cover Latin Extended-A (Central European, Baltic, Turkish…).
LATIN_EXT_A = list(range(0x100, 0x180))
REQUIRED_BY_FONT = {"board-4x6": REQUIRED + LATIN_EXT_A, "board-5x7n": REQUIRED + LATIN_EXT_A}
DEFAULT_CHAR = 0xFFFD
DIGITS = list(range(0x30, 0x3A))

assert len(_ascii) == 95 and len(_latin1) == 96 and len(_latin_ext_a) == 128
assert all(c in NAMES for c in REQUIRED)
