"""Country codes: ISO 3166-1 alpha-3 → alpha-2 (for the EGD ``.h9`` export, docs/RULES.md §1.6).

The EGD's results file has a 2-letter country column (ISO 3166-1 alpha-2: ``JP``, ``BR``);
directors often register the 3-letter ISO 3166-1 alpha-3 code (``JPN``, ``BRA``), which FIDE
and the Olympic lists also use for most countries.  :func:`alpha2` converts.

The table is the 249 officially assigned ISO 3166-1 codes (ISO 3166 Maintenance Agency, as
shipped in Debian's ``iso-codes`` package).  It is kept here rather than taken from a
library: the mapping is small and stable, and pycountry (the maintained library) bundles
megabytes of translations this one column does not need.
"""

from __future__ import annotations

# "AAABB": alpha-3 AAA → alpha-2 BB, sorted by alpha-3
_TABLE = (
    "ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG "
    "AUSAU AUTAT AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL "
    "BLRBY BLZBZ BMUBM BOLBO BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH "
    "CHLCL CHNCN CIVCI CMRCM CODCD COGCG COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX "
    "CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO DZADZ ECUEC EGYEG ERIER ESHEH ESPES "
    "ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB GEOGE GGYGG GHAGH GIBGI "
    "GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY HKGHK HMDHM "
    "HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT "
    "JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB "
    "LBRLR LBYLY LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD "
    "MDGMG MDVMV MEXMX MHLMH MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS "
    "MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO "
    "NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE PHLPH PLWPW PNGPG POLPL PRIPR PRKKP "
    "PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA SDNSD SENSN SGPSG SGSGS "
    "SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR SVKSK SVNSI "
    "SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO "
    "TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC "
    "VENVE VGBVG VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW "
)
ALPHA3_TO_ALPHA2: dict[str, str] = {item[:3]: item[3:] for item in _TABLE.split()}
ALPHA2: frozenset[str] = frozenset(ALPHA3_TO_ALPHA2.values())


def alpha2(code: str | None) -> str | None:
    """The ISO 3166-1 alpha-2 code of ``code`` (alpha-2 or alpha-3, any case, blanks
    ignored); None when empty; ``ValueError`` when it is neither a known alpha-3 code nor
    two letters.  Two letters are kept as given (upper-cased): federations' lists use a few
    codes outside ISO 3166-1, and an alpha-2 code needs no conversion."""
    text = (code or "").strip().upper()
    if not text:
        return None
    if len(text) == 2 and text.isascii() and text.isalpha():
        return text
    if text in ALPHA3_TO_ALPHA2:
        return ALPHA3_TO_ALPHA2[text]
    raise ValueError(f"{code!r} is not an ISO 3166-1 country code (2 letters such as JP, "
                     f"or 3 such as JPN)")
