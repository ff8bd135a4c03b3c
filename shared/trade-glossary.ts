// The words of electrical and building work that a lead's text may always show before purchase
// (docs/decisions/090-safe-words-before-purchase.md). The market shows only these, common English
// words and quantities; every other word of what the customer typed is masked. Base forms,
// lower case: plurals and -ed/-ing/-er forms of each count too. Add a word when ordinary trade
// text is masked (the corpus in docs/benchmarks.md measures how much stays readable); never add a
// word that is mostly a name, a street or a place.

/** Fixtures, appliances, parts and materials. */
const THINGS = `
  light lighting downlight uplight spotlight floodlight sensor pendant batten oyster chandelier lamp globe bulb
  led halogen fluoro fluorescent tube strip dimmer switch switchboard board subboard sub-board meterboard meterbox
  meter fuse breaker circuit rcd rcbo mcb gpo powerpoint outlet socket plug point isolator contactor relay timer
  surge protector arrester earth earthing stake bonding neutral active cable cabling wire wiring conduit duct ducting
  trunking junction box cover plate faceplate mech mechanism terminal lug busbar din rail enclosure panel inverter
  battery solar pv array charger wallbox ev evse tesla powerwall generator ups transformer motor pump bore
  fan exhaust ceiling rangehood range hood cooktop oven stove hotplate induction dishwasher microwave fridge freezer
  washer dryer heater heating panel underfloor towel rail heat lamp hvac aircon air-con conditioner conditioning split
  ducted unit compressor thermostat hot water hws tank element gas instantaneous continuous flow heat pump
  smoke alarm detector interconnected hardwired photoelectric ionisation doorbell intercom camera cctv security
  alarm antenna aerial tv data nbn ethernet cat6 cat5 modem router wifi network phone line lead extension cord
  spa pool filter chlorinator pergola fence gate automation opener roller door motorised blind blinds curtain
  floodlights bollard garden landscape path driveway deck decking verandah veranda patio alfresco carport shed
  granny flat studio workshop garage eave eaves soffit gutter roof roofspace cavity wall stud plaster plasterboard
  gyprock ceiling cornice skirting architrave brick render tile tiles timber steel aluminium copper pvc asbestos
  insulation sarking mould damp leak water rain storm lightning tree termite rodent rat possum
  fitting fixture appliance equipment device kit part spare cabinet vanity mirror shaving demister splashback
  bench benchtop island pantry cupboard wardrobe robe shelf shelving display sign signage neon emergency exit
  test tag rcds mcbs gpos usb usb-c qi charger speaker sound audio projector screen blind shutter skylight
  whirlybird vent ventilation extractor dehumidifier humidifier purifier heater radiator oil column
  pole pit pillar overhead underground service mains supply consumer meter smart grid feed-in tariff
  kva kw kwh amp amps ampere volt voltage watt wattage ohm phase single three gang way core twin tps
  harness loom cord flex lead lug crimp gland saddle clip bracket mount fixing screw anchor
  thermal imaging infrared report certificate coc ccew ces compliance inspection quote estimate invoice
  warranty permit approval application strata body corporate landlord tenant agent manager rental lease
  beep chirp click
  pendant track rail recessed surface mounted gimbal tilt dim tunable colour color temperature warm cool daylight
  lux beam angle ip ip65 ip44 weatherproof waterproof outdoor indoor external internal
`;

/** Rooms and parts of a property. */
const PLACES_IN_A_HOME = `
  kitchen bathroom ensuite toilet loo laundry bedroom bed room lounge living dining family rumpus study office
  hallway hall entry foyer stair stairs stairwell staircase landing attic loft basement cellar garage carport
  balcony courtyard yard backyard frontyard front back side rear upstairs downstairs ground floor level storey
  house home unit apartment townhouse villa duplex terrace cottage property building site shop factory warehouse
  restaurant cafe clinic school office premises tenancy complex block lot acreage farm
  roof ceiling wall walls floor floors window door doors gate fence pool spa garden lawn driveway path
  powder nursery theatre media gym cellar pantry scullery walk-in robe wardrobe linen cupboard meter box
  granny flat shed studio workshop cabin caravan boat marina
`;

/** Verbs and states of the trade. */
const WORK = `
  install installation reinstall fit refit retrofit replace replacement repair fix fault find locate trace test
  check inspect inspection upgrade rewire wire run relocate move remove removal disconnect reconnect connect
  isolate terminate mount hang supply provide quote price cost budget estimate urgent emergency asap callout
  call-out service maintain maintenance clean swap convert add extend extension shift lower raise patch cut chase
  trench trenching drill core dig bury conceal hide flush surface recess paint make good
  trip tripping trips tripped flicker flickering flickers buzz buzzing hum humming spark sparking sparks burn burning
  smell smoking smoke melt melted scorch scorched overheat overheating hot warm shock shocking tingle tingling dead
  fail failed failing faulty broken stopped stop intermittent loose blown blow blowing short shorted outage
  power blackout brownout surge surging dim dimming dimmable noisy noise rattle leaking leak wet water damage
  renovate renovation reno refurb refurbishment build new extension demolish demolition knockdown rebuild
  sparky sparkie electrician tradie builder plumber carpenter painter tiler plasterer roofer installer apprentice
  licensed insured certified accredited approved registered compliant noncompliant non-compliant
  quote quoted quotes tradesman tradesperson job jobs work works project start finish
`;

/** What people write around the job: greetings, contact words, days and months that are not given names. */
const EVERYDAY = `
  hi hello hey thanks thank cheers regards please pls email e-mail mobile mob txt sms text call phone contact
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun weekday weekend
  january february march july september october november december feb jul sep sept oct nov dec
  morning afternoon arvo evening tonight today tomorrow asap anytime flexible available availability
  ceramic rewireable porcelain bakelite vintage heritage federation deco modern o'clock oclock
  mat doormat pot plant letterbox mailbox bin lockbox keypad keysafe ref reference mr mrs ms miss dr
`;

/** Abbreviations and acronyms of the trade: shown in capitals anywhere in a sentence ("a new RCD"). */
const ABBREVIATIONS = `
  led leds rcd rcds rcbo rcbos mcb mcbs gpo gpos tps hws hvac pv ev evse nbn tv tvs usb cctv ups ac dc
  kva kw kwh mm mm2 cm km amp amps ip65 ip44 ip66 cat5 cat6 coc ccew ces diy asap abn acn aud gst
  pin ok okay na n/a eg ie etc approx qty pls thx thanks ph pm am hr hrs min mins sqm m2 m3 lvl
`;

/** Brand names of electrical goods sold in Australia that are not also common surnames: shown capitalised anywhere. */
const BRANDS = `
  clipsal hpm legrand schneider fronius sungrow enphase jinko solaredge goodwe growatt byd powerwall tesla zappi
  daikin fujitsu mitsubishi panasonic samsung lg haier hisense toshiba carrier actronair rinnai rheem dux
  stiebel thermann westinghouse electrolux smeg miele paykel asko chef beko
  philips hue arlec brilliant mercator martec beacon lucci airfix deta kambrook breville
  google nest ring arlo eufy hikvision dahua ubiquiti unifi telstra optus tpg
  ikea bunnings middys haymans
`;

/** Units that may follow a number: "20 m", "32 A", "3 phase", "6 x". */
const UNITS = `
  mm mm2 cm m m2 m3 km metre metres meter meters millimetre millimetres centimetre centimetres kilometre kilometres
  sqm square a amp amps ampere amperes ma v volt volts vac vdc w watt watts kw kwh kva hp
  phase phases gang gangs pole poles core cores way ways x
  hour hours hr hrs h min mins minute minutes day days week weeks month months year years yr yrs yo am pm
  storey storeys story stories bed beds bedroom bedrooms bath baths bathroom bathrooms room rooms
  car cars bay bays person people kg kilo kilos litre litres l percent per cent pack packs
  dollar dollars bucks k o'clock oclock
`;

const wordsOf = (list: string) => list.trim().split(/\s+/);

/** Every glossary word, lower case. */
export const TRADE_WORDS: ReadonlySet<string> = new Set([...wordsOf(THINGS), ...wordsOf(PLACES_IN_A_HOME), ...wordsOf(WORK), ...wordsOf(ABBREVIATIONS)]);

/** Everyday words around the job, shown in any case: days and months are written capitalised. */
export const EVERYDAY_WORDS: ReadonlySet<string> = new Set(wordsOf(EVERYDAY));

/** Acronyms: shown in capitals mid-sentence, where any other capitalised word may be a name. */
export const TRADE_ACRONYMS: ReadonlySet<string> = new Set(wordsOf(ABBREVIATIONS));

/** Brands: shown capitalised anywhere in a sentence. */
export const TRADE_BRANDS: ReadonlySet<string> = new Set(wordsOf(BRANDS));

/** What may follow a number for it to be a quantity, lower case. */
export const QUANTITY_UNITS: ReadonlySet<string> = new Set(wordsOf(UNITS));
