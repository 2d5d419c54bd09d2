"""Function words of the archive's main languages, accent-folded as the FTS index folds them.

Without them BM25 rewards a Spanish query for every "de", "la" and "que" in a
Catalan or Spanish passage, which pushes same-language noise above
cross-lingual answers found by the dense leg.
"""

from __future__ import annotations

_ES = """a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella
ellas ellos en entre era eran es esa esas ese eso esos esta estaba estas este esto estos fue fueron ha han hay
la las le les lo los mas me mi muy nada ni no nos o os otra otro para pero poco por porque que quien se sea
ser si sin sobre son su sus tambien tan te tiene todo todos tu un una unas uno unos y ya yo"""
_CA = """a al als amb aquell aquella aquest aquesta aixo als cap com d de del dels des el els en entre era es
esta eren ha han hi i ja jo l la les li lo ls m me mes meu molt n ne no nos o on pel pels per perque pero que
qui s se sense seu seva sobre son su te tot tots tu un una unes uns va van vaig"""
_EN = """a about after all also an and any are as at be been but by can could did do does for from had has
have he her his how i if in into is it its me more my no not of on or our out she so some than that the their
them then there these they this those to up was we were what when where which who why will with would you your"""
_FR = """au aux avec ce ces dans de des du elle en et eux il je la le les leur lui ma mais me meme mes moi mon
ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous"""
_PT = """ao aos as com como da das de do dos e ela elas ele eles em entre era essa esse esta este eu foi ha
isso mais mas me na nao nas no nos o os ou para pela pelo por que se sem seu sua sao tambem um uma"""
_IT = """al alla alle che chi con da dal dei del della delle di e gli ha il in io la le lo ma mi nel nella
non per piu se si sono su sua suo tra un una"""
_DE = """aber als am an auch auf aus bei bin bis das dass dem den der des die doch du ein eine einem einen
einer er es fur hat ich ihr im in ist ja kein mit nach nicht noch nur oder sein sich sie sind so und uns von
vor war was wie wir zu zum zur"""

STOPWORDS: frozenset[str] = frozenset(" ".join((_ES, _CA, _EN, _FR, _PT, _IT, _DE)).split())
