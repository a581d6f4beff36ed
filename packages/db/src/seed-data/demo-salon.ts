// The demo salon that `npm start` seeds: a fictional independent tanning studio in Macclesfield.
// Phone numbers are Ofcom drama numbers and the email domain is reserved, so nothing here reaches a real person.

export const demoShop = {
  id: 'bronze-glow',
  name: 'Bronze & Glow Tanning Studio',
  tagline: 'Friendly, safety-first tanning in the heart of Macclesfield',
  addressLine1: '27 Mill Street',
  addressLine2: '',
  town: 'Macclesfield',
  postcode: 'SK11 6NE',
  phone: '01632 960482',
  email: 'hello@bronze-glow.example',
  timeZone: 'Europe/London',
}

export const demoOpeningHours: { weekday: number; opensAt: string; closesAt: string }[] = [
  { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
  { weekday: 1, opensAt: '09:00', closesAt: '20:00' },
  { weekday: 2, opensAt: '09:00', closesAt: '20:00' },
  { weekday: 3, opensAt: '09:00', closesAt: '20:00' },
  { weekday: 4, opensAt: '09:00', closesAt: '20:00' },
  { weekday: 5, opensAt: '09:00', closesAt: '20:00' },
  { weekday: 6, opensAt: '09:00', closesAt: '17:00' },
]

export const demoBedTypes: { code: string; name: string; description: string; perMinutePence: number; sortOrder: number }[] = [
  {
    code: 'lay-down',
    name: 'Lay-down sunbeds',
    description:
      'Classic clamshell sunbeds: lie back and relax while tubes above and below you build an even colour. The gentlest option and the best place to start if you are new to tanning.',
    perMinutePence: 65,
    sortOrder: 1,
  },
  {
    code: 'stand-up',
    name: 'Stand-up sunbeds',
    description:
      'Vertical booths with tubes all around you. Nothing presses against your skin, so there are no pale pressure patches, and sessions are shorter because the tubes are closer to you.',
    perMinutePence: 75,
    sortOrder: 2,
  },
  {
    code: 'high-pressure',
    name: 'High-pressure sunbeds',
    description:
      'Premium beds with filtered high-pressure lamps that give mainly UVA for a deep, golden, longer-lasting tan. Best for regular tanners who already have a base tan.',
    perMinutePence: 95,
    sortOrder: 3,
  },
]

export const demoBeds: {
  id: string
  type: 'lay-down' | 'stand-up' | 'high-pressure'
  name: string
  description: string
  features: string[]
  picture: string
  minMinutes: number
  maxMinutes: number
  cleaningBufferMinutes: number
  sortOrder: number
}[] = [
  {
    id: 'bed-solara-classic-24',
    type: 'lay-down',
    name: 'Solara Classic 24',
    description:
      'Our gentlest lay-down bed and the one we usually recommend for first sessions. Twenty-four low-pressure tubes give a soft, even build-up of colour, and the wide acrylic leaves plenty of room to stretch out.',
    features: ['24 low-pressure tubes', 'Body cooling fan', 'Wide acrylic', 'Ideal for first sessions'],
    picture: '/images/beds/bed-solara-classic-24.svg',
    minMinutes: 3,
    maxMinutes: 15,
    cleaningBufferMinutes: 5,
    sortOrder: 1,
  },
  {
    id: 'bed-aurelia-x9',
    type: 'lay-down',
    name: 'Aurelia X9',
    description:
      'A premium clamshell with built-in facial and shoulder tanners for even colour from forehead to toes. Air conditioning keeps the canopy pleasantly cool, and you can stream your own music over Bluetooth while you relax.',
    features: ['Facial tanners', 'Shoulder tanners', 'Air conditioning', 'Bluetooth audio'],
    picture: '/images/beds/bed-aurelia-x9.svg',
    minMinutes: 3,
    maxMinutes: 12,
    cleaningBufferMinutes: 5,
    sortOrder: 2,
  },
  {
    id: 'bed-vertica-44',
    type: 'stand-up',
    name: 'Vertica 44',
    description:
      'A roomy stand-up booth with 44 tubes surrounding you for an all-over tan with no pressure points. Grab rails and a non-slip floor keep you steady, and powerful fans stop it feeling stuffy.',
    features: ['44 tubes all round', 'No pressure points', 'Cooling fans', 'Non-slip floor', 'Grab rails'],
    picture: '/images/beds/bed-vertica-44.svg',
    minMinutes: 3,
    maxMinutes: 12,
    cleaningBufferMinutes: 5,
    sortOrder: 3,
  },
  {
    id: 'bed-skyline-v360',
    type: 'stand-up',
    name: 'Skyline V360',
    description:
      'Our most powerful stand-up, with a full 360-degree tube layout and a refreshing cooling mist you can switch on mid-session. Because it is strong, sessions are short, so it suits regular tanners with an established base tan.',
    features: ['360° tube layout', 'Cooling aqua mist', 'Bluetooth audio', 'Voice guidance'],
    picture: '/images/beds/bed-skyline-v360.svg',
    minMinutes: 3,
    maxMinutes: 9,
    cleaningBufferMinutes: 5,
    sortOrder: 4,
  },
  {
    id: 'bed-helios-hp12',
    type: 'high-pressure',
    name: 'Helios HP12',
    description:
      'A sleek high-pressure bed with twelve filtered lamps in the canopy and low-pressure tubes beneath you. It gives a deep, golden colour that lasts, and works best once you have built a base tan on our other beds.',
    features: ['Filtered high-pressure lamps', 'Facial tanners', 'Air conditioning', 'Bluetooth audio', 'Adjustable body cooling'],
    picture: '/images/beds/bed-helios-hp12.svg',
    minMinutes: 3,
    maxMinutes: 12,
    cleaningBufferMinutes: 5,
    sortOrder: 5,
  },
]

/** The demo's products, each counted in stock with a low-stock mark, as a salon selling at its counter keeps them. */
export const demoPriceExtras: {
  id: string
  name: string
  detail: string
  pricePence: number
  sortOrder: number
  stock: number
  lowStockAt: number
}[] = [
  {
    id: 'extra-goggles',
    name: 'Sunbed goggles to keep',
    detail: 'UV-protective goggles that are yours to keep. Cleaned goggles are always free to borrow for every session.',
    pricePence: 300,
    sortOrder: 1,
    stock: 40,
    lowStockAt: 5,
  },
  {
    id: 'extra-stickies',
    name: 'Eye stickies (5 pairs)',
    detail: 'Small single-use UV-blocking eye shields, a handy alternative to goggles that leaves fewer pale marks.',
    pricePence: 150,
    sortOrder: 2,
    stock: 60,
    lowStockAt: 10,
  },
  {
    id: 'extra-accelerator-sachet',
    name: 'Accelerator lotion sachet',
    detail: 'Single-use 15 ml sachet of indoor tanning lotion without bronzer, to keep skin hydrated during your session.',
    pricePence: 250,
    sortOrder: 3,
    stock: 80,
    lowStockAt: 10,
  },
  {
    id: 'extra-bronzer-sachet',
    name: 'Bronzer lotion sachet',
    detail: 'Single-use 15 ml sachet with a gentle cosmetic bronzer for instant colour. Patch test first if your skin is sensitive.',
    pricePence: 300,
    sortOrder: 4,
    stock: 80,
    lowStockAt: 10,
  },
  {
    id: 'extra-lip-balm',
    name: 'SPF 30 lip balm',
    detail: 'Lips cannot tan and burn easily, so protect them during every session.',
    pricePence: 350,
    sortOrder: 5,
    stock: 30,
    lowStockAt: 5,
  },
  {
    id: 'extra-tan-extender',
    name: 'Tan-extending moisturiser (200 ml)',
    detail: 'Rich after-tan moisturiser for twice-daily use to help your colour last longer.',
    pricePence: 1200,
    sortOrder: 6,
    stock: 24,
    lowStockAt: 4,
  },
]

export const demoPackages: {
  id: string
  name: string
  description: string
  minutes: number
  pricePence: number
  validityDays: number
  bedTypes: string[]
  highlight: boolean
  sortOrder: number
}[] = [
  {
    id: 'pkg-30',
    name: 'Starter 30',
    description: '30 minutes on any lay-down or stand-up bed. A great way to try us out, enough for several short sessions.',
    minutes: 30,
    pricePence: 1800,
    validityDays: 60,
    bedTypes: ['lay-down', 'stand-up'],
    highlight: false,
    sortOrder: 1,
  },
  {
    id: 'pkg-40-stand-up',
    name: 'Stand-Up Express 40',
    description: '40 minutes for our stand-up booths only. Quick sessions with no pressure points, ideal if you tan in your lunch break.',
    minutes: 40,
    pricePence: 2600,
    validityDays: 90,
    bedTypes: ['stand-up'],
    highlight: false,
    sortOrder: 2,
  },
  {
    id: 'pkg-60',
    name: 'Regular 60',
    description: '60 minutes on any lay-down or stand-up bed, valid for four months. Our most popular choice for keeping a steady glow.',
    minutes: 60,
    pricePence: 3300,
    validityDays: 120,
    bedTypes: ['lay-down', 'stand-up'],
    highlight: false,
    sortOrder: 3,
  },
  {
    id: 'pkg-90',
    name: 'Premium 90',
    description: '90 minutes on every bed in the salon, including the high-pressure Helios HP12. Valid for six months.',
    minutes: 90,
    pricePence: 6300,
    validityDays: 180,
    bedTypes: ['lay-down', 'stand-up', 'high-pressure'],
    highlight: false,
    sortOrder: 4,
  },
  {
    id: 'pkg-120',
    name: 'Bronze 120',
    description: '120 minutes on any lay-down or stand-up bed at our lowest price per minute, valid for a full year. Best value.',
    minutes: 120,
    pricePence: 6000,
    validityDays: 365,
    bedTypes: ['lay-down', 'stand-up'],
    highlight: true,
    sortOrder: 5,
  },
]

export const demoBlogPosts: {
  id: string
  title: string
  summary: string
  bodyMarkdown: string
  coverImage: string
  author: string
  publishedAt: string
}[] = [
  {
    id: 'preparing-for-your-first-sunbed-session',
    title: 'Preparing for your first sunbed session',
    summary: 'New to sunbeds? Here is what happens at your first visit, what to bring, and why we always start you on a short session.',
    bodyMarkdown: `Your first visit to a tanning salon can feel a little daunting, so we want to take the guesswork out of it. A bit of preparation makes your session safer, more comfortable and gives you a more even result.

## Before you book

You must be 18 or over to use a sunbed, and we will ask to see photo ID on your first visit, however old you look. We will also have a short chat about your skin, because not everyone should use a sunbed. If your skin is very fair and always burns (Fitzpatrick skin type I), we will not be able to offer you a session, and we will happily point you towards sunless options such as a spray tan or gradual tanning lotion instead.

Please tell us before your session if any of these apply to you:

- You take any medication, including antibiotics, acne treatments, diuretics or herbal remedies such as St John’s wort, as some make your skin much more sensitive to UV
- You have had skin cancer, or someone in your close family has
- You have lots of moles (around 50 or more) or moles that have changed shape, size or colour
- You are pregnant or have a skin condition that reacts to light
- You are sunburnt, or have been in strong sun in the last day or two

If you are unsure about a medicine, check the leaflet or ask your pharmacist. It is always better to wait than to risk a reaction.

## The day before

Gently exfoliate in the shower to remove dry skin, which helps your colour develop evenly. If you shave or wax, do it the day before rather than just before your session, as freshly removed hair leaves skin more sensitive.

## On the day

Come with clean skin: take off make-up and skip perfume, body sprays and scented lotions, because some ingredients can react with UV and cause blotchy patches. Remove contact lenses and jewellery, and bring a lip balm with SPF. You do not need to bring goggles; we provide cleaned ones free of charge, and they are compulsory.

## Your first session

For a first session we keep things short, usually around three minutes on one of our gentler lay-down beds, whatever your skin type. Your skin needs time to respond, and colour from a sunbed keeps developing for a day or so afterwards. Every bed is cleaned before you go in, and each one has an easy-to-reach stop button if you want to end early.

## Afterwards

Moisturise well and drink plenty of water. The next day, check your skin: if you see any redness, tenderness or itching, do not tan again until it has completely settled, and let us know so we can adjust your plan. We recommend leaving at least 48 hours between sessions, and our booking system will never let you book two sessions within 24 hours.`,
    coverImage: '/images/blog/preparing-for-your-first-sunbed-session.svg',
    author: 'Emma Hartley',
    publishedAt: '2026-03-12T10:00:00Z',
  },
  {
    id: 'know-your-skin-type',
    title: 'Know your skin type: the Fitzpatrick scale explained',
    summary: 'Your skin type decides whether a sunbed is right for you and how long your sessions should be. Here is how the six Fitzpatrick types work.',
    bodyMarkdown: `Before anyone uses one of our beds, we ask about their skin type. It is not a formality: it is the single most useful guide to how your skin will react to UV, and it shapes every recommendation we make.

## What is the Fitzpatrick scale?

The scale was developed by a dermatologist, Dr Thomas Fitzpatrick, in the 1970s. It sorts skin into six types according to how it reacts to sun exposure: how easily it burns and how easily it tans. It is used by doctors, dermatologists and tanning professionals alike.

## The six skin types

- **Type I:** very fair or pale skin, often with red or light blond hair, blue or green eyes and freckles. Always burns, never tans.
- **Type II:** fair skin, often with light hair and eyes. Burns easily and tans only slightly, with difficulty.
- **Type III:** light to medium skin. Sometimes burns, then tans gradually to a light brown.
- **Type IV:** olive or light brown skin. Rarely burns and tans easily.
- **Type V:** brown skin. Very rarely burns and tans very easily.
- **Type VI:** deeply pigmented dark brown or black skin. Almost never burns.

## Why it matters for sunbeds

Skin type I should never use a sunbed. This skin does not tan; it simply burns, and UV damage adds up over time. We will always refuse a session for type I skin, and we would suggest a spray tan or a gradual tanning lotion for colour without UV instead.

NHS advice is that people whose skin burns easily or tans poorly should avoid sunbeds, so if you are type II we will talk honestly with you about whether a sunless tan would suit you better. Types III to VI can usually tan with very short, well-spaced sessions, building up slowly.

## Darker skin still needs care

A deeper skin tone gives more natural protection from burning, but it is not complete protection. UV still damages skin cells and ages the skin, skin cancer can still develop and is sometimes spotted later on darker skin, and your eyes are exactly as vulnerable as anyone else’s. Goggles are compulsory for every skin type.

## It is not only about colour

Some things raise your risk whatever your skin type, so please tell us if any apply:

- Lots of moles, or moles that are large, irregular or changing
- A personal or family history of skin cancer
- Medication or skincare that makes your skin sensitive to light
- A history of bad sunburn, especially in childhood

## How we use your skin type

Your skin type is saved on your account so that our team can recommend the right bed and a sensible session length every time you book. If your skin changes, for example after a new medication, just let us know and we will update it.`,
    coverImage: '/images/blog/know-your-skin-type.svg',
    author: 'Jade Collins',
    publishedAt: '2026-04-09T09:30:00Z',
  },
  {
    id: 'why-goggles-are-not-optional',
    title: 'Why goggles are not optional',
    summary: 'Closing your eyes is not enough. Here is what UV can do to your eyes and why we never let anyone tan without proper protection.',
    bodyMarkdown: `There is one rule in our salon that we never bend: no goggles, no session. We know goggle marks are nobody’s favourite look, but your eyesight is far more precious than an even tan around your eyes.

## What UV does to your eyes

Sunbeds give out ultraviolet light that can be stronger than the midday summer sun, and your eyes are only centimetres from the tubes. They have no way of tanning or building up protection, so every exposure counts.

- **In the short term,** UV can burn the surface of the eye. This is called photokeratitis and feels like sand or grit in your eyes, with watering, redness and sensitivity to light. It often appears hours after exposure, once the damage is already done.
- **Over the years,** repeated UV exposure is linked to cataracts (clouding of the lens), growths on the surface of the eye, and a higher risk of cancers of the eye and eyelid.

## Why closing your eyes is not enough

Eyelids are the thinnest skin on your body, and UV passes through them. Even with your eyes tightly shut, light reaches the eye, which is why people who tan without protection can still end up with sore, irritated eyes.

## Why sunglasses will not do

Ordinary sunglasses are designed for daylight, not for the close, intense UV inside a sunbed. They also leave gaps at the sides. Proper sunbed goggles fit snugly over each eye and are made to block UV.

## Goggles or stickies?

You have two good options, and both are available at reception:

- **Goggles:** we provide cleaned and disinfected goggles free for every session, or you can buy your own pair to keep.
- **Stickies:** small, single-use eye shields that stick lightly over each closed eye. They are smaller than goggles, so they leave less of a pale mark.

## A few tips

Put your goggles on before the tubes come on and keep them on until the bed has switched off. Check they sit snugly with no gaps. Never tan with contact lenses in, and if your eyes feel sore or gritty after a session, stop tanning and see a pharmacist or optician.`,
    coverImage: '/images/blog/why-goggles-are-not-optional.svg',
    author: 'Emma Hartley',
    publishedAt: '2026-05-21T08:45:00Z',
  },
  {
    id: 'making-your-tan-last',
    title: 'Making your tan last: our aftercare guide',
    summary: 'A tan that fades slowly means fewer sessions and less UV. These simple aftercare habits keep your skin hydrated and your colour even for longer.',
    bodyMarkdown: `The best way to enjoy a lasting glow is not more time on the sunbed, it is looking after your skin between sessions. Well-hydrated skin holds its colour for longer, so you need fewer sessions to keep it topped up.

## Moisturise, morning and night

Your skin naturally sheds its outer layer, and your tan goes with it. Dry skin flakes faster, so a rich, unperfumed moisturiser applied twice a day is the single most effective thing you can do. Pay extra attention to knees, elbows and shins, where skin dries out first.

## Shower smart

- Keep showers short and lukewarm rather than long and hot
- Use a gentle, moisturising body wash instead of harsh soaps
- Pat your skin dry with a towel rather than rubbing
- Save exfoliating for the day before a session, not the days after

## Drink plenty of water

Hydration starts from the inside. Drinking enough water through the day helps keep your skin supple and comfortable, especially after a session.

## Watch out for colour-strippers

Chlorinated pools, hot tubs, saunas and long soaks in the bath can all speed up fading. Products with strong acids or retinoids also make your skin shed faster and can make it more sensitive to UV, so check with your doctor or pharmacist before tanning if you use them.

## Top up sensibly

Once you have the colour you want, one session every week or so is usually enough to maintain it. Keep leaving at least 48 hours between sessions, never tan if your skin is still pink or tender, and stick to the session times our team recommends for your skin type and bed.

## A tan is not sunscreen

A tan from a sunbed offers very little protection from the sun, so keep using a broad-spectrum sunscreen outdoors, especially on holiday. Protect your lips with an SPF lip balm during sessions, and keep an eye on your moles: if one changes shape, size or colour, see your GP.`,
    coverImage: '/images/blog/making-your-tan-last.svg',
    author: 'Jade Collins',
    publishedAt: '2026-06-18T11:00:00Z',
  },
  {
    id: 'lay-down-vs-stand-up-vs-high-pressure',
    title: 'Lay-down, stand-up or high-pressure: which bed is right for you?',
    summary: 'Our three kinds of sunbed each tan a little differently. Here is how they compare and how to choose the right one for your skin and routine.',
    bodyMarkdown: `One of the questions we hear most at reception is which bed to choose. The honest answer depends on your skin type, how much colour you already have and how you like to tan. Here is a quick guide to the three kinds of bed in our salon.

## Lay-down beds

Lay-down beds are the classic clamshell design: you lie on a cushioned acrylic surface with tubes below you and a canopy of tubes above. They are relaxing and the gentlest option, which is why we start almost all first-timers on our Solara Classic 24.

- Comfortable and easy to relax in
- Our Aurelia X9 adds facial tanners, air conditioning and Bluetooth audio
- Where your body presses against the acrylic, such as your shoulder blades, you may see small pale patches; shifting position slightly between sessions helps

## Stand-up beds

In a stand-up booth, tubes surround you on all sides while you stand in the middle. Nothing touches your skin, so there are no pressure points, and many people find them more hygienic and better for a quick lunchtime session.

- Even, all-over colour with no pressure marks
- Tubes are closer to your body, so sessions are shorter
- Our Skyline V360 is our strongest bed, so it is best kept for regular tanners with an established base

## High-pressure beds

High-pressure beds use powerful filtered lamps that give mainly UVA rather than UVB. UVA darkens the pigment already in your skin, giving a deep, golden tan that tends to last, with less of the drying that some people notice on other beds.

It is important to know that UVA still penetrates deeply and contributes to skin ageing and damage, so high-pressure beds are not a safer choice, just a different one. Our Helios HP12 works best once you already have a base tan from our lay-down or stand-up beds.

## How to choose

If you are new to tanning, start on a lay-down bed with a short session. If you want speed and no pressure marks, try a stand-up booth. If you tan regularly and want a deeper, longer-lasting colour, ask us about the high-pressure bed. Whatever you choose, the same rules apply: goggles on, sessions short, and at least 48 hours between visits.

Not sure? Just ask. Our team will look at your skin type and tanning history and recommend the right bed and time for you.`,
    coverImage: '/images/blog/lay-down-vs-stand-up-vs-high-pressure.svg',
    author: 'Emma Hartley',
    publishedAt: '2026-08-06T09:00:00Z',
  },
  {
    id: 'sunbeds-and-the-law-in-the-uk',
    title: 'Sunbeds and the law in the UK: why we check ID',
    summary:
      'Every salon in England and Wales must keep under-18s off its sunbeds. Here is what the Sunbeds (Regulation) Act 2010 says and what it means when you visit.',
    bodyMarkdown: `If you have ever been asked for ID at our reception and wondered why, this post is for you. Checking age is not optional for us: it is the law, and it exists for very good reasons.

## The Sunbeds (Regulation) Act 2010

The Sunbeds (Regulation) Act 2010 came into force in April 2011 and applies in England and Wales. It makes it an offence for anyone running a sunbed business to:

- Allow a person under 18 to use a sunbed on their premises
- Offer a person under 18 the use of a sunbed
- Allow a person under 18 into a restricted zone, such as a room or booth containing a sunbed, with only very limited exceptions

Local councils enforce the Act and can prosecute salons that break it. Wales has additional rules on supervising customers and giving them health information and protective eyewear. Scotland and Northern Ireland have their own laws with the same ban on under-18s.

## Why under-18s are refused

The World Health Organization’s cancer research agency classifies UV tanning devices as carcinogenic to humans, in the same category as tobacco smoke. Research has found that people who start using sunbeds at a young age have a noticeably higher risk of melanoma, the most serious type of skin cancer. Young skin is more vulnerable to UV damage, which is why the law draws a firm line at 18. A parent’s permission does not change this, and we cannot make exceptions.

## How our ID checks work

We ask to see photo ID on your first visit and whenever we are unsure. We follow a Challenge 25 approach, so if you look under 25, expect to be asked. We accept:

- A passport
- A UK photocard driving licence
- A PASS proof-of-age card with the hologram

When you create an account we ask for your date of birth, and our booking system will not let anyone under 18 book. We still check ID in person, because the responsibility sits with us.

## More than age

The law sets the minimum, but good practice goes further. We follow Health and Safety Executive guidance on UV tanning equipment, which covers things such as assessing skin type, providing eye protection, keeping beds maintained and giving clear information about the risks. That is why we always ask about your skin type and medication, why goggles are compulsory, and why we recommend short, well-spaced sessions.

## Questions?

If you have any questions about our policies or why we ask for certain information, please ask at reception or get in touch. We would much rather explain than leave you guessing.`,
    coverImage: '/images/blog/sunbeds-and-the-law-in-the-uk.svg',
    author: 'Emma Hartley',
    publishedAt: '2026-09-24T10:15:00Z',
  },
]

export const demoReviews: { id: string; authorName: string; rating: 1 | 2 | 3 | 4 | 5; text: string; publishedAt: string }[] = [
  {
    id: 'review-chloe-r',
    authorName: 'Chloe R.',
    rating: 5,
    text: 'Spotless beds every single time and the staff are lovely. Booking online takes about a minute and I get a text reminder the day before. My go-to salon.',
    publishedAt: '2026-03-28T18:20:00Z',
  },
  {
    id: 'review-aisha-k',
    authorName: 'Aisha K.',
    rating: 5,
    text: 'I was really nervous before my first ever session, but Jade talked me through everything, checked my skin type and put me on a short three-minute session. No pressure to buy a big package either. Really appreciated how careful they were.',
    publishedAt: '2026-04-15T12:05:00Z',
  },
  {
    id: 'review-tom-h',
    authorName: 'Tom H.',
    rating: 4,
    text: 'Good stand-up booths with decent fans so it never feels stuffy. Parking can be a bit of a faff on Mill Street itself, but the pay-and-display car park is only a couple of minutes’ walk away.',
    publishedAt: '2026-05-09T16:40:00Z',
  },
  {
    id: 'review-megan-p',
    authorName: 'Megan P.',
    rating: 5,
    text: 'Been coming here for a few months now. The Aurelia bed with the facial tanners is gorgeous and the Bluetooth means I can listen to my own playlist. They always wipe the bed down in front of you and the goggles are clean and free. The 120-minute package is brilliant value too.',
    publishedAt: '2026-06-02T19:10:00Z',
  },
  {
    id: 'review-daniel-w',
    authorName: 'Daniel W.',
    rating: 3,
    text: 'Beds are clean and the team are friendly, but on a busy Saturday I waited about ten minutes past my booked time. A quick text when they are running late would make a big difference. Would also love slightly later opening on Saturdays.',
    publishedAt: '2026-07-12T14:30:00Z',
  },
  {
    id: 'review-lauren-b',
    authorName: 'Lauren B.',
    rating: 5,
    text: 'Friendly, clean and easy to book. Cannot fault it.',
    publishedAt: '2026-08-21T10:55:00Z',
  },
  {
    id: 'review-sophie-m',
    authorName: 'Sophie M.',
    rating: 4,
    text: 'Lovely salon and really helpful staff. They asked about my medication before my session, which I would never have thought about. Would give five stars if they stocked a few more lotions.',
    publishedAt: '2026-09-17T17:25:00Z',
  },
  {
    id: 'review-jess-t',
    authorName: 'Jess T.',
    rating: 5,
    text: 'Moved to Macclesfield recently and tried a few places. This is by far the cleanest, and the only one that properly checked ID and asked about my skin. Online booking is so easy and I can see exactly how many minutes I have left.',
    publishedAt: '2026-10-08T13:45:00Z',
  },
]

/** How the demo salon takes bookings (the booking_rules row). */
export const demoBookingRules = {
  slotStepMinutes: 15,
  leadTimeMinutes: 60,
  horizonDays: 28,
  cancellationCutoffMinutes: 120,
  firstSessionMaxMinutes: 6,
  minHoursBetweenSessions: 24,
  payInSalon: true,
  payUpFront: false,
}

/** Refer and earn at the demo salon: 10 free minutes each, to use within 90 days. */
export const demoCommerceSettings = { referralRewardMinutes: 10, referralRewardValidityDays: 90 }

/** One promo code that works and one that has ended, so both answers can be seen. */
export const demoPromoCodes = [
  {
    id: '6f1d2c3b-4a59-4e7d-8c21-0b9a8e7f6d51',
    code: 'WELCOME10',
    kind: 'percent',
    amount: 10,
    validFrom: '2026-01-01T00:00:00Z',
    validUntil: '2028-01-01T00:00:00Z',
    maxUses: null,
    maxUsesPerCustomer: 1,
    packageIds: null,
  },
  {
    id: '9c4e8b27-1f3a-4d6c-b5e2-7a8d9c0b1e42',
    code: 'SUMMER5',
    kind: 'fixed',
    amount: 500,
    validFrom: '2026-06-01T00:00:00Z',
    validUntil: '2026-08-31T23:00:00Z',
    maxUses: 200,
    maxUsesPerCustomer: 1,
    packageIds: null,
  },
]

/** Bank holidays in England and Wales, 2026 and 2027 (GOV.UK), when the salon is closed. */
export const demoClosures: { date: string; reason: string }[] = [
  { date: '2026-01-01', reason: "New Year's Day" },
  { date: '2026-04-03', reason: 'Good Friday' },
  { date: '2026-04-06', reason: 'Easter Monday' },
  { date: '2026-05-04', reason: 'Early May bank holiday' },
  { date: '2026-05-25', reason: 'Spring bank holiday' },
  { date: '2026-08-31', reason: 'Summer bank holiday' },
  { date: '2026-12-25', reason: 'Christmas Day' },
  { date: '2026-12-28', reason: 'Boxing Day (substitute day)' },
  { date: '2027-01-01', reason: "New Year's Day" },
  { date: '2027-03-26', reason: 'Good Friday' },
  { date: '2027-03-29', reason: 'Easter Monday' },
  { date: '2027-05-03', reason: 'Early May bank holiday' },
  { date: '2027-05-31', reason: 'Spring bank holiday' },
  { date: '2027-08-30', reason: 'Summer bank holiday' },
  { date: '2027-12-27', reason: 'Christmas Day (substitute day)' },
  { date: '2027-12-28', reason: 'Boxing Day (substitute day)' },
]
