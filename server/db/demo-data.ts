// Realistic demo content for the embedded default (DESIGN.md section 2). Ages are
// minutes before the seed runs, so a fresh start shows fresh, half-price and free leads.
import type { SalesStage } from "../../shared/enums";

export const DEMO_PASSWORD = "demo1234";

export const DEMO_USERS = {
  superAdmin: { username: "superadmin", firstName: "Sam", lastName: "Nguyen", email: "sam@aussieelectricians.com.au", phone: "0400100200", userType: "super_admin" },
  dave: { username: "dave", firstName: "Dave", lastName: "Wilson", email: "dave@sparkright.com.au", phone: "0412345678", companyName: "Sparkright Electrical", userType: "provider", serviceLocation: "Parramatta NSW 2150", serviceLatitude: "-33.81355710", serviceLongitude: "151.00340700", serviceRadius: 30 },
  priya: { username: "priya", firstName: "Priya", lastName: "Sharma", email: "priya@brightwire.com.au", phone: "0423456789", companyName: "Brightwire Electrical", userType: "provider", serviceLocation: "Richmond VIC 3121", serviceLatitude: "-37.81830000", serviceLongitude: "144.99840000", serviceRadius: 25 },
  tom: { username: "tom", firstName: "Tom", lastName: "Baker", email: "tom@sparkright.com.au", phone: "0434567890", userType: "team_member" },
} as const;

export interface DemoLead {
  minutesAgo: number;
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
  customerAddress?: string;
  serviceLocation: string;
  electricalWork: string;
  serviceType: string;
  propertyType: string;
  urgency: string;
  budgetRange: string;
  timeframe: string;
  specialRequests?: string;
  sale?: { buyer: "dave" | "priya"; amountPaid: string; stage: SalesStage; quotePrice?: string; customerPaymentAmount?: string; notes?: string };
}

const DAY = 24 * 60;

export const DEMO_LEADS: DemoLead[] = [
  // Already sold, oldest first: they set the recent sale prices the new auctions start from.
  { minutesAgo: 6 * DAY, customerName: "Karen Mitchell", customerPhone: "0411222333", customerEmail: "karen.m@example.com", customerAddress: "14 Church St, Parramatta NSW 2150", serviceLocation: "Parramatta NSW 2150", electricalWork: "Switchboard upgrade from old ceramic fuses to circuit breakers with RCD protection. House built in 1965.", serviceType: "upgrade", propertyType: "residential", urgency: "within_week", budgetRange: "1000_2500", timeframe: "this_week", sale: { buyer: "dave", amountPaid: "48.50", stage: "invoice_paid", quotePrice: "1650.00", customerPaymentAmount: "1650.00", notes: "Paid on completion. Happy customer, asked about solar next year." } },
  { minutesAgo: 5 * DAY, customerName: "Michael O'Brien", customerPhone: "0422987654", customerEmail: "mob@example.com", customerAddress: "3/22 Marsden St, Blacktown NSW 2148", serviceLocation: "Blacktown NSW 2148", electricalWork: "Install 6 LED downlights in the living room and replace two light switches with dimmers.", serviceType: "installation", propertyType: "residential", urgency: "flexible", budgetRange: "500_1000", timeframe: "this_month", sale: { buyer: "dave", amountPaid: "52.00", stage: "booked_in", quotePrice: "720.00", notes: "Booked for Thursday 8am." } },
  { minutesAgo: 4 * DAY, customerName: "Sophie Tran", customerPhone: "0433111999", customerEmail: "sophie.tran@example.com", customerAddress: "8 Rowe St, Eastwood NSW 2122", serviceLocation: "Eastwood NSW 2122", electricalWork: "Power points in the kitchen keep tripping the safety switch when the kettle and toaster run together.", serviceType: "repair", propertyType: "residential", urgency: "within_24h", budgetRange: "under_500", timeframe: "asap", sale: { buyer: "dave", amountPaid: "61.20", stage: "quote_sent", quotePrice: "380.00", notes: "Quoted to add a dedicated kitchen circuit." } },
  { minutesAgo: 3 * DAY, customerName: "James Kowalski", customerPhone: "0444555666", customerEmail: "jkowalski@example.com", customerAddress: "51 Bridge Rd, Richmond VIC 3121", serviceLocation: "Richmond VIC 3121", electricalWork: "Install a 7kW EV charger in the garage, about 10 metres from the switchboard.", serviceType: "installation", propertyType: "residential", urgency: "within_week", budgetRange: "1000_2500", timeframe: "this_week", sale: { buyer: "priya", amountPaid: "55.80", stage: "quote_accepted", quotePrice: "1450.00" } },
  { minutesAgo: 2 * DAY, customerName: "Linda Papadopoulos", customerPhone: "0455777888", customerEmail: "linda.p@example.com", customerAddress: "19 Anzac Pde, Kensington NSW 2033", serviceLocation: "Kensington NSW 2033", electricalWork: "Ceiling fan installation in three bedrooms, existing light points.", serviceType: "installation", propertyType: "residential", urgency: "flexible", budgetRange: "500_1000", timeframe: "this_month", sale: { buyer: "dave", amountPaid: "44.40", stage: "called", notes: "Left a voicemail, called back and booked a site visit." } },
  { minutesAgo: 1 * DAY, customerName: "Greg Thompson", customerPhone: "0466333444", customerAddress: "5 Hope St, Penrith NSW 2750", serviceLocation: "Penrith NSW 2750", electricalWork: "Smoke alarm replacement and compliance check before the property goes up for lease.", serviceType: "maintenance", propertyType: "residential", urgency: "within_week", budgetRange: "under_500", timeframe: "this_week", sale: { buyer: "dave", amountPaid: "58.00", stage: "purchased" } },

  // On the market now.
  { minutesAgo: 75, customerName: "Aisha Rahman", customerPhone: "0477121212", customerAddress: "27 Beach Rd, Bondi NSW 2026", serviceLocation: "Bondi NSW 2026", electricalWork: "Outdoor power point needed on the back deck for a spa heater.", serviceType: "installation", propertyType: "residential", urgency: "flexible", budgetRange: "under_500", timeframe: "just_pricing" },
  { minutesAgo: 52, customerName: "Peter Walsh", customerPhone: "0488343434", customerAddress: "110 Adelaide St, Brisbane City QLD 4000", serviceLocation: "Brisbane City QLD 4000", electricalWork: "Office fit-out: 20 new double power points, data cabling to 12 desks and emergency exit lighting test.", serviceType: "installation", propertyType: "commercial", urgency: "within_week", budgetRange: "2500_plus", timeframe: "this_month", specialRequests: "Work must be done after 6pm or on weekends." },
  { minutesAgo: 46, customerName: "Emma Clarke", customerPhone: "0499565656", serviceLocation: "Fremantle WA 6160", electricalWork: "Hot water system keeps tripping the circuit breaker overnight.", serviceType: "repair", propertyType: "residential", urgency: "within_24h", budgetRange: "unsure", timeframe: "asap" },
  { minutesAgo: 41, customerName: "Hamish Campbell", customerPhone: "0402787878", customerAddress: "9 King William St, Adelaide SA 5000", serviceLocation: "Adelaide SA 5000", electricalWork: "Replace fluorescent tubes with LED battens across a small retail shop, about 18 fittings.", serviceType: "upgrade", propertyType: "commercial", urgency: "flexible", budgetRange: "1000_2500", timeframe: "this_month" },
  { minutesAgo: 33, customerName: "Mei Lin", customerPhone: "0413909090", customerAddress: "41 Chapel St, St Kilda VIC 3182", serviceLocation: "St Kilda VIC 3182", electricalWork: "Half the house has no power after a storm. Switchboard looks burnt.", serviceType: "emergency", propertyType: "residential", urgency: "emergency", budgetRange: "unsure", timeframe: "asap", specialRequests: "Elderly parent at home, please call first." },
  { minutesAgo: 30, customerName: "Ben Harris", customerPhone: "0424232323", serviceLocation: "Toowoomba QLD 4350", electricalWork: "Pre-purchase electrical safety inspection for a 1970s brick home.", serviceType: "maintenance", propertyType: "residential", urgency: "within_week", budgetRange: "under_500", timeframe: "this_week" },
  { minutesAgo: 28, customerName: "Olivia Brown", customerPhone: "0435454545", customerAddress: "2 Northbourne Ave, Braddon ACT 2612", serviceLocation: "Braddon ACT 2612", electricalWork: "Three-phase power upgrade for a small café kitchen with a new combi oven.", serviceType: "upgrade", propertyType: "commercial", urgency: "within_week", budgetRange: "2500_plus", timeframe: "this_month" },
  { minutesAgo: 22, customerName: "Daniel Murphy", customerPhone: "0446676767", serviceLocation: "Geelong VIC 3220", electricalWork: "Install pendant lights over a kitchen island and under-cabinet LED strips.", serviceType: "installation", propertyType: "residential", urgency: "flexible", budgetRange: "500_1000", timeframe: "this_month" },
  { minutesAgo: 17, customerName: "Chloe Anderson", customerPhone: "0457898989", customerAddress: "15 Esplanade, Cairns City QLD 4870", serviceLocation: "Cairns City QLD 4870", electricalWork: "Air conditioner isolator switch is sparking and smells of burning plastic.", serviceType: "emergency", propertyType: "residential", urgency: "emergency", budgetRange: "unsure", timeframe: "asap" },
  { minutesAgo: 12, customerName: "Ryan Cooper", customerPhone: "0468101010", serviceLocation: "Hobart TAS 7000", electricalWork: "Add a dedicated circuit and power points for a home workshop in the shed.", serviceType: "installation", propertyType: "residential", urgency: "within_week", budgetRange: "1000_2500", timeframe: "this_week" },
  { minutesAgo: 8, customerName: "Grace Wilson", customerPhone: "0479212121", customerAddress: "7 Smith St, Darwin City NT 0800", serviceLocation: "Darwin City NT 0800", electricalWork: "Ceiling fan wobbling and making a grinding noise, may need replacing.", serviceType: "repair", propertyType: "residential", urgency: "within_week", budgetRange: "under_500", timeframe: "this_week" },
  { minutesAgo: 5, customerName: "Nathan Lee", customerPhone: "0481323232", customerAddress: "88 Hay St, Perth WA 6000", serviceLocation: "Perth WA 6000", electricalWork: "Solar inverter showing an earth fault error, panels installed in 2019.", serviceType: "repair", propertyType: "residential", urgency: "within_24h", budgetRange: "500_1000", timeframe: "asap" },
  { minutesAgo: 3, customerName: "Zoe Martin", customerPhone: "0492434343", serviceLocation: "Newcastle NSW 2300", electricalWork: "Rewire a 1950s cottage: old rubber wiring throughout, about 12 power points and 10 lights.", serviceType: "upgrade", propertyType: "residential", urgency: "within_week", budgetRange: "2500_plus", timeframe: "this_month", specialRequests: "House is vacant, keys with the agent." },
  { minutesAgo: 1, customerName: "Lachlan Scott", customerPhone: "0403545454", customerAddress: "4 Marine Pde, Southport QLD 4215", serviceLocation: "Southport QLD 4215", electricalWork: "Security lighting with sensors on the driveway and side of the house.", serviceType: "installation", propertyType: "residential", urgency: "flexible", budgetRange: "500_1000", timeframe: "this_month" },
];
