// The demo catalog: a city government's cultural agenda, Buenos Aires style. Venues, show
// names and people are invented; texts shown to buyers come in es, en and pt.
import {
  PRODUCT_TYPE_ID,
  posterEndpoint,
  type RequestedDataCode,
  urlOf,
} from "../contract/index.ts";
import type { LocalizedText } from "../db/schema.ts";

export type ShowTypeSeed = { id: number; sortOrder: number; name: LocalizedText };

/**
 * A sector every performance at a venue gets. `code` names the sector of the venue's drawn
 * hall (commerce/seed/halls): a numbered sector's seats are the hall's; a general sector
 * has `capacity` places and the hall only draws its area (products have no hall).
 */
export type SectorLayout =
  | { code: string; name: string; kind: "NUMBERED"; priceFactor: number }
  | { code?: string; name: string; kind: "GENERAL"; capacity: number; priceFactor: number };

export type VenueSeed = {
  seo: string;
  name: string;
  address: string;
  zone: string;
  latitude: string;
  longitude: string;
  description: LocalizedText;
  isShop?: boolean;
  /** Sectors every performance at this venue gets (empty for the shop). */
  layout: SectorLayout[];
};

export type ShowSeed = {
  seo: string;
  title: string;
  typeId: number;
  venue: string;
  durationMinutes: number;
  /** Price of the best sector, whole pesos; the others are fractions of it. */
  price: number;
  summary: LocalizedText;
  description: LocalizedText;
  highlightRank?: 1 | 2 | 3;
  /** How many performances; picked 3..8 from the seo when absent. */
  performances?: number;
  /** Share of places already sold, 0..100 (default 15). */
  soldPercent?: number;
  /** Every place of every performance sold: shows the sold-out state. */
  soldOut?: boolean;
  /** Only the first performance is sold out. */
  firstPerformanceSoldOut?: boolean;
  /** The second performance is cancelled. */
  cancelSecondPerformance?: boolean;
  /** What every performance asks the buyer before paying (named tickets, group visits). */
  requestedData?: RequestedDataCode[];
};

export type ProductSeed = {
  seo: string;
  title: string;
  /** Name of the product's only sector: the unit being sold. */
  unit: string;
  price: number;
  stock: number;
  outOfStock?: boolean;
  summary: LocalizedText;
  description: LocalizedText;
};

export const CITY = "Buenos Aires";

export const TYPE = {
  theatre: 1,
  music: 2,
  dance: 3,
  kids: 4,
  museums: 5,
  cinema: 6,
  opera: 7,
  festivals: 8,
  shop: PRODUCT_TYPE_ID,
} as const;

export const showTypeSeeds: ShowTypeSeed[] = [
  { id: TYPE.theatre, sortOrder: 1, name: { es: "Teatro", en: "Theatre", pt: "Teatro" } },
  { id: TYPE.music, sortOrder: 2, name: { es: "Música", en: "Music", pt: "Música" } },
  { id: TYPE.dance, sortOrder: 3, name: { es: "Danza", en: "Dance", pt: "Dança" } },
  { id: TYPE.kids, sortOrder: 4, name: { es: "Infantiles", en: "Kids", pt: "Infantil" } },
  { id: TYPE.museums, sortOrder: 5, name: { es: "Museos", en: "Museums", pt: "Museus" } },
  { id: TYPE.cinema, sortOrder: 6, name: { es: "Cine", en: "Cinema", pt: "Cinema" } },
  { id: TYPE.opera, sortOrder: 7, name: { es: "Ópera", en: "Opera", pt: "Ópera" } },
  {
    id: TYPE.festivals,
    sortOrder: 8,
    name: { es: "Festivales", en: "Festivals", pt: "Festivais" },
  },
  { id: TYPE.shop, sortOrder: 99, name: { es: "Tienda", en: "Shop", pt: "Loja" } },
];

/** When each kind of show usually plays: local times and weekdays (0 = Sunday). */
export const scheduleByType: Record<number, { times: string[]; weekdays: number[] }> = {
  [TYPE.theatre]: { times: ["20:00", "20:30", "21:00"], weekdays: [3, 4, 5, 6, 0] },
  [TYPE.music]: { times: ["20:00", "21:00", "21:30"], weekdays: [4, 5, 6, 0] },
  [TYPE.dance]: { times: ["20:00", "20:30"], weekdays: [4, 5, 6, 0] },
  [TYPE.kids]: { times: ["15:00", "16:30", "17:00"], weekdays: [6, 0] },
  [TYPE.museums]: { times: ["11:00", "15:00", "18:30"], weekdays: [2, 3, 4, 5, 6, 0] },
  [TYPE.cinema]: { times: ["18:00", "20:30", "22:00"], weekdays: [1, 2, 3, 4, 5, 6, 0] },
  [TYPE.opera]: { times: ["20:00", "17:00"], weekdays: [2, 4, 6, 0] },
  [TYPE.festivals]: { times: ["18:00", "19:00"], weekdays: [5, 6, 0] },
};

export const SHOP_VENUE = "tienda-cultural-avenida-de-mayo";

export const venueSeeds: VenueSeed[] = [
  {
    seo: "teatro-municipal-corrientes",
    name: "Teatro Municipal Corrientes",
    address: "Av. Corrientes 1530",
    zone: "San Nicolás",
    latitude: "-34.6037",
    longitude: "-58.3877",
    description: {
      es: "Sala histórica de la avenida que nunca duerme: teatro de texto, ópera y danza con platea, palcos, pullman y tertulia.",
      en: "A historic hall on the avenue that never sleeps: drama, opera and dance, with stalls, boxes, dress circle and gallery.",
      pt: "Sala histórica da avenida que nunca dorme: teatro, ópera e dança, com plateia, camarotes, balcão e galeria.",
    },
    layout: [
      { code: "platea", name: "Platea", kind: "NUMBERED", priceFactor: 1 },
      { code: "palcos", name: "Palcos", kind: "NUMBERED", priceFactor: 1.3 },
      { code: "pullman", name: "Pullman", kind: "NUMBERED", priceFactor: 0.7 },
      { code: "tertulia", name: "Tertulia", kind: "GENERAL", capacity: 120, priceFactor: 0.4 },
    ],
  },
  {
    seo: "sala-sinfonica-palermo",
    name: "Sala Sinfónica Palermo",
    address: "Av. Sarmiento 2601",
    zone: "Palermo",
    latitude: "-34.5727",
    longitude: "-58.4158",
    description: {
      es: "Auditorio junto a los bosques de Palermo, con una acústica pensada para la orquesta y la voz.",
      en: "An auditorium by the Palermo woods, with acoustics designed for orchestra and voice.",
      pt: "Auditório junto aos bosques de Palermo, com acústica pensada para orquestra e voz.",
    },
    layout: [
      { code: "palcos", name: "Palcos", kind: "NUMBERED", priceFactor: 1.2 },
      { code: "platea", name: "Platea", kind: "NUMBERED", priceFactor: 1 },
      { code: "paraiso", name: "Paraíso", kind: "GENERAL", capacity: 150, priceFactor: 0.35 },
    ],
  },
  {
    seo: "anfiteatro-parque-centenario",
    name: "Anfiteatro del Parque Centenario",
    address: "Av. Leopoldo Marechal 1050",
    zone: "Caballito",
    latitude: "-34.6066",
    longitude: "-58.4355",
    description: {
      es: "Escenario al aire libre en el corazón geográfico de la ciudad, rodeado de árboles y del lago del parque.",
      en: "An open-air stage at the geographic heart of the city, surrounded by trees and the park's lake.",
      pt: "Palco ao ar livre no coração geográfico da cidade, cercado de árvores e do lago do parque.",
    },
    layout: [
      { code: "gradas", name: "Gradas numeradas", kind: "NUMBERED", priceFactor: 1 },
      { code: "campo", name: "Campo", kind: "GENERAL", capacity: 200, priceFactor: 0.5 },
    ],
  },
  {
    seo: "usina-cultural-sur",
    name: "Usina Cultural Sur",
    address: "Av. Pedro de Mendoza 1701",
    zone: "La Boca",
    latitude: "-34.6345",
    longitude: "-58.3567",
    description: {
      es: "Una antigua usina eléctrica frente al Riachuelo convertida en centro cultural, con nave central y platea alta.",
      en: "A former power station facing the Riachuelo turned into a cultural centre, with a main hall and upper stalls.",
      pt: "Uma antiga usina elétrica em frente ao Riachuelo transformada em centro cultural, com nave central e plateia alta.",
    },
    layout: [
      { code: "platea-alta", name: "Platea alta", kind: "NUMBERED", priceFactor: 1 },
      { code: "campo", name: "Campo", kind: "GENERAL", capacity: 180, priceFactor: 0.55 },
    ],
  },
  {
    seo: "galpon-danza-almagro",
    name: "Galpón de Danza Almagro",
    address: "Av. Medrano 850",
    zone: "Almagro",
    latitude: "-34.6030",
    longitude: "-58.4201",
    description: {
      es: "Galpón ferroviario recuperado para la danza contemporánea y el teatro para las infancias.",
      en: "A restored railway shed devoted to contemporary dance and theatre for children.",
      pt: "Galpão ferroviário recuperado para a dança contemporânea e o teatro para crianças.",
    },
    layout: [
      { code: "platea", name: "Platea", kind: "NUMBERED", priceFactor: 1 },
      { code: "gradas", name: "Gradas", kind: "GENERAL", capacity: 60, priceFactor: 0.6 },
    ],
  },
  {
    seo: "cine-teatro-flores",
    name: "Cine Teatro Flores",
    address: "Av. Rivadavia 7060",
    zone: "Flores",
    latitude: "-34.6287",
    longitude: "-58.4638",
    description: {
      es: "El cine de barrio de siempre, restaurado: pantalla grande, butacas de pana y escenario para teatro.",
      en: "The neighbourhood cinema of old, restored: a big screen, velvet seats and a stage for theatre.",
      pt: "O cinema de bairro de sempre, restaurado: tela grande, poltronas de veludo e palco para teatro.",
    },
    layout: [
      { code: "sala", name: "Sala", kind: "NUMBERED", priceFactor: 1 },
      { code: "pullman", name: "Pullman", kind: "GENERAL", capacity: 80, priceFactor: 0.6 },
    ],
  },
  {
    seo: "museo-casa-de-los-altos",
    name: "Museo Casa de los Altos",
    address: "Defensa 219",
    zone: "San Telmo",
    latitude: "-34.6106",
    longitude: "-58.3719",
    description: {
      es: "Casona de 1830 con patios, aljibe y sótanos, sede del museo de la vida cotidiana porteña.",
      en: "An 1830 mansion with courtyards, a cistern and cellars, home of the museum of everyday city life.",
      pt: "Casarão de 1830 com pátios, cisterna e porões, sede do museu da vida cotidiana portenha.",
    },
    layout: [
      { code: "auditorio", name: "Auditorio", kind: "NUMBERED", priceFactor: 1 },
      {
        code: "entrada-general",
        name: "Entrada general",
        kind: "GENERAL",
        capacity: 80,
        priceFactor: 0.5,
      },
    ],
  },
  {
    seo: "campo-abierto-costanera-sur",
    name: "Campo Abierto Costanera Sur",
    address: "Av. Tristán Achával Rodríguez 1550",
    zone: "Puerto Madero",
    latitude: "-34.6170",
    longitude: "-58.3560",
    description: {
      es: "Predio a cielo abierto junto a la reserva ecológica, con una platea numerada frente al escenario, campo para el público de pie y ocho tribunas numeradas en herradura: el lugar de los grandes conciertos del verano.",
      en: "An open-air ground by the nature reserve, with numbered stalls in front of the stage, a standing field and eight numbered stands in a horseshoe: the home of the summer's big concerts.",
      pt: "Espaço a céu aberto junto à reserva ecológica, com uma plateia numerada diante do palco, campo para o público em pé e oito arquibancadas numeradas em ferradura: a casa dos grandes shows do verão.",
    },
    layout: [
      { code: "campo", name: "Campo", kind: "GENERAL", capacity: 3000, priceFactor: 0.8 },
      { code: "platea-campo", name: "Platea Campo", kind: "NUMBERED", priceFactor: 1.5 },
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
        code: `tribuna-${n}`,
        name: `Tribuna ${n}`,
        kind: "NUMBERED" as const,
        // The stands facing the stage cost most; the ends of the horseshoe least.
        priceFactor: [0.6, 0.7, 0.85, 1, 1, 0.85, 0.7, 0.6][n - 1],
      })),
    ],
  },
  {
    seo: SHOP_VENUE,
    name: "Tienda Cultural Avenida de Mayo",
    address: "Av. de Mayo 575",
    zone: "Monserrat",
    latitude: "-34.6087",
    longitude: "-58.3747",
    description: {
      es: "La tienda de los teatros y museos de la ciudad: libros, diseño local y recuerdos de la cartelera.",
      en: "The shop of the city's theatres and museums: books, local design and billboard keepsakes.",
      pt: "A loja dos teatros e museus da cidade: livros, design local e lembranças da programação.",
    },
    isShop: true,
    layout: [],
  },
];

export const showSeeds: ShowSeed[] = [
  // ---------------------------------------------------------------- theatre
  {
    seo: "los-inquilinos-del-conventillo",
    title: "Los Inquilinos del Conventillo",
    typeId: TYPE.theatre,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 95,
    price: 28000,
    highlightRank: 2,
    soldPercent: 35,
    summary: {
      es: "Una comedia coral sobre doce familias que comparten un patio en La Boca de 1910.",
      en: "An ensemble comedy about twelve families sharing one courtyard in 1910 La Boca.",
      pt: "Uma comédia coral sobre doze famílias que dividem um pátio na La Boca de 1910.",
    },
    description: {
      es: "Italianos, gallegos y criollos discuten por el agua, el alquiler y el amor en un conventillo a orillas del Riachuelo. Quince actores, una orquesta de cuatro músicos en escena y un patio que gira.",
      en: "Italians, Galicians and locals quarrel over water, rent and love in a tenement on the banks of the Riachuelo. Fifteen actors, a four-piece band on stage and a revolving courtyard.",
      pt: "Italianos, galegos e crioulos discutem por água, aluguel e amor num cortiço às margens do Riachuelo. Quinze atores, uma orquestra de quatro músicos em cena e um pátio giratório.",
    },
  },
  {
    seo: "tango-de-los-espejos",
    title: "Tango de los Espejos",
    typeId: TYPE.theatre,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 80,
    price: 24000,
    summary: {
      es: "Un drama íntimo: dos hermanas vuelven a la casa familiar para venderla.",
      en: "An intimate drama: two sisters return to the family home to sell it.",
      pt: "Um drama íntimo: duas irmãs voltam à casa da família para vendê-la.",
    },
    description: {
      es: "Entre cajas de mudanza y viejos discos de pasta, dos hermanas reconstruyen la noche en que su padre dejó de cantar. Una obra sobre la memoria y lo que no se dice.",
      en: "Among moving boxes and old shellac records, two sisters piece together the night their father stopped singing. A play about memory and what goes unsaid.",
      pt: "Entre caixas de mudança e velhos discos de goma-laca, duas irmãs reconstroem a noite em que o pai parou de cantar. Uma peça sobre a memória e o não dito.",
    },
  },
  {
    seo: "medea-en-constitucion",
    title: "Medea en Constitución",
    typeId: TYPE.theatre,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 70,
    price: 22000,
    cancelSecondPerformance: true,
    summary: {
      es: "La tragedia griega trasladada a una pensión frente a la estación de trenes.",
      en: "The Greek tragedy moved to a boarding house opposite the railway station.",
      pt: "A tragédia grega transportada para uma pensão em frente à estação de trem.",
    },
    description: {
      es: "Medea llega del interior con sus hijos y una valija. Jasón ya tiene otra vida. Una versión feroz y contemporánea, con música en vivo de bandoneón y batería.",
      en: "Medea arrives from the provinces with her children and a suitcase. Jason already has another life. A fierce contemporary version with live bandoneon and drums.",
      pt: "Medeia chega do interior com os filhos e uma mala. Jasão já tem outra vida. Uma versão feroz e contemporânea, com bandoneón e bateria ao vivo.",
    },
  },
  {
    seo: "fiaca-de-domingo",
    title: "Fiaca de Domingo",
    typeId: TYPE.theatre,
    venue: "cine-teatro-flores",
    durationMinutes: 85,
    price: 18000,
    summary: {
      es: "Comedia familiar: un domingo de ravioles que se sale de control.",
      en: "A family comedy: a Sunday pasta lunch that gets out of hand.",
      pt: "Comédia familiar: um domingo de ravióli que sai do controle.",
    },
    description: {
      es: "La abuela anuncia que vende la casa de Flores y toda la familia llega al almuerzo con un plan. Risas, discusiones y una salsa que nunca termina de hervir.",
      en: "Grandma announces she is selling the house in Flores and the whole family turns up for lunch with a plan. Laughter, arguments and a sauce that never quite comes to the boil.",
      pt: "A avó anuncia que vai vender a casa em Flores e a família inteira chega ao almoço com um plano. Risadas, discussões e um molho que nunca termina de ferver.",
    },
  },
  {
    seo: "las-hermanas-ferrari",
    title: "Las Hermanas Ferrari",
    typeId: TYPE.theatre,
    venue: "galpon-danza-almagro",
    durationMinutes: 75,
    price: 16000,
    summary: {
      es: "Tres hermanas, una peluquería en Almagro y un secreto guardado desde 1982.",
      en: "Three sisters, a hair salon in Almagro and a secret kept since 1982.",
      pt: "Três irmãs, um salão de cabeleireiro em Almagro e um segredo guardado desde 1982.",
    },
    description: {
      es: "Entre ruleros y radio AM, las hermanas Ferrari atienden a sus clientas de toda la vida mientras esperan una carta que nunca llega. Comedia dramática de humor agridulce.",
      en: "Between curlers and AM radio, the Ferrari sisters look after their lifelong customers while waiting for a letter that never comes. A bittersweet comedy-drama.",
      pt: "Entre bobes e rádio AM, as irmãs Ferrari atendem suas clientes de sempre enquanto esperam uma carta que nunca chega. Comédia dramática agridoce.",
    },
  },
  {
    seo: "el-ultimo-tranvia-a-lacroze",
    title: "El Último Tranvía a Lacroze",
    typeId: TYPE.theatre,
    venue: "cine-teatro-flores",
    durationMinutes: 90,
    price: 20000,
    summary: {
      es: "Una noche de 1962, el último viaje del tranvía y sus pasajeros.",
      en: "One night in 1962: the tram's last journey and its passengers.",
      pt: "Uma noite de 1962: a última viagem do bonde e seus passageiros.",
    },
    description: {
      es: "El motorman, una maestra, un boxeador retirado y una pareja que se fuga comparten el último recorrido antes del cierre de la línea. Teatro de época con escenografía rodante.",
      en: "The driver, a teacher, a retired boxer and an eloping couple share the final run before the line closes. A period piece with a set that moves.",
      pt: "O motorneiro, uma professora, um boxeador aposentado e um casal em fuga dividem o último percurso antes do fechamento da linha. Teatro de época com cenário móvel.",
    },
  },
  // ---------------------------------------------------------------- music
  {
    seo: "filarmonica-de-la-ciudad-mahler-5",
    title: "Filarmónica de la Ciudad: Mahler 5",
    typeId: TYPE.music,
    venue: "sala-sinfonica-palermo",
    durationMinutes: 100,
    price: 35000,
    highlightRank: 1,
    soldPercent: 40,
    summary: {
      es: "La orquesta de la ciudad interpreta la Quinta Sinfonía de Gustav Mahler.",
      en: "The city's orchestra plays Gustav Mahler's Fifth Symphony.",
      pt: "A orquestra da cidade interpreta a Quinta Sinfonia de Gustav Mahler.",
    },
    description: {
      es: "Del fúnebre llamado de trompeta al célebre Adagietto, una de las sinfonías más amadas del repertorio, dirigida por la maestra Inés Valdez. Noventa músicos en escena.",
      en: "From the funeral trumpet call to the famous Adagietto, one of the best-loved symphonies in the repertoire, conducted by Inés Valdez. Ninety musicians on stage.",
      pt: "Do chamado fúnebre do trompete ao célebre Adagietto, uma das sinfonias mais amadas do repertório, regida pela maestrina Inés Valdez. Noventa músicos em cena.",
    },
  },
  {
    seo: "noche-de-tango-en-el-rio",
    title: "Noche de Tango en el Río",
    typeId: TYPE.music,
    venue: "usina-cultural-sur",
    durationMinutes: 120,
    price: 26000,
    highlightRank: 3,
    firstPerformanceSoldOut: true,
    soldPercent: 30,
    summary: {
      es: "Orquesta típica, cantores y pista de baile frente al Riachuelo.",
      en: "A tango orchestra, singers and a dance floor facing the Riachuelo.",
      pt: "Orquestra típica, cantores e pista de dança em frente ao Riachuelo.",
    },
    description: {
      es: "La Orquesta Típica Vuelta de Rocha abre la noche con clásicos de los años cuarenta; después, milonga abierta en la nave central. Clase para principiantes a la entrada.",
      en: "The Vuelta de Rocha tango orchestra opens the night with 1940s classics, followed by an open milonga in the main hall. Beginners' class at the door.",
      pt: "A Orquestra Típica Vuelta de Rocha abre a noite com clássicos dos anos quarenta; depois, milonga aberta na nave central. Aula para iniciantes na entrada.",
    },
  },
  {
    seo: "orquesta-tipica-villa-urquiza",
    title: "Orquesta Típica Villa Urquiza",
    typeId: TYPE.music,
    venue: "anfiteatro-parque-centenario",
    durationMinutes: 90,
    price: 12000,
    summary: {
      es: "Doce músicos y dos voces repasan el tango de barrio bajo las estrellas.",
      en: "Twelve musicians and two voices revisit neighbourhood tango under the stars.",
      pt: "Doze músicos e duas vozes revisitam o tango de bairro sob as estrelas.",
    },
    description: {
      es: "Bandoneones, cuerdas y piano para un repertorio de tangos, valses y milongas de club social. Un concierto al aire libre para escuchar y, por qué no, bailar en el campo.",
      en: "Bandoneons, strings and piano for a repertoire of tangos, waltzes and milongas from the social clubs. An open-air concert for listening and, why not, dancing on the lawn.",
      pt: "Bandoneóns, cordas e piano para um repertório de tangos, valsas e milongas de clube social. Um concerto ao ar livre para ouvir e, por que não, dançar no gramado.",
    },
  },
  {
    seo: "cuarteto-mendoza-klein",
    title: "Cuarteto Mendoza-Klein",
    typeId: TYPE.music,
    venue: "usina-cultural-sur",
    durationMinutes: 75,
    price: 15000,
    cancelSecondPerformance: true,
    summary: {
      es: "Jazz porteño con saxo, contrabajo, piano y batería.",
      en: "Buenos Aires jazz with sax, double bass, piano and drums.",
      pt: "Jazz portenho com sax, contrabaixo, piano e bateria.",
    },
    description: {
      es: "El cuarteto presenta su tercer disco, donde el jazz modal se cruza con la chacarera y el candombe. Improvisación, humor y un bis que siempre se alarga.",
      en: "The quartet presents its third album, where modal jazz meets chacarera and candombe. Improvisation, humour and an encore that always runs long.",
      pt: "O quarteto apresenta seu terceiro disco, em que o jazz modal se cruza com a chacarera e o candombe. Improvisação, humor e um bis que sempre se estende.",
    },
  },
  {
    seo: "los-cantores-del-alba",
    title: "Los Cantores del Alba",
    typeId: TYPE.music,
    venue: "anfiteatro-parque-centenario",
    durationMinutes: 90,
    price: 14000,
    summary: {
      es: "Folklore de las provincias: zambas, chacareras y coplas con bombo legüero.",
      en: "Folk from the provinces: zambas, chacareras and coplas with bombo drum.",
      pt: "Folclore das províncias: zambas, chacareras e coplas com bombo legüero.",
    },
    description: {
      es: "Un quinteto vocal e instrumental recorre el noroeste, Cuyo y el litoral. Al final, peña con baile de pañuelos en el campo del anfiteatro.",
      en: "A vocal and instrumental quintet travels through the northwest, Cuyo and the littoral. At the end, a peña with handkerchief dancing on the amphitheatre lawn.",
      pt: "Um quinteto vocal e instrumental percorre o noroeste, Cuyo e o litoral. No final, peña com dança de lenços no gramado do anfiteatro.",
    },
  },
  {
    seo: "sinfonica-juvenil-bandas-sonoras",
    title: "Sinfónica Juvenil: Noche de Bandas Sonoras",
    typeId: TYPE.music,
    venue: "sala-sinfonica-palermo",
    durationMinutes: 95,
    price: 18000,
    performances: 3,
    soldOut: true,
    summary: {
      es: "La orquesta juvenil de la ciudad toca las grandes músicas del cine.",
      en: "The city's youth orchestra plays the great film scores.",
      pt: "A orquestra juvenil da cidade toca as grandes trilhas do cinema.",
    },
    description: {
      es: "Aventuras espaciales, westerns y dibujos animados: setenta jóvenes músicos de las escuelas de la ciudad con proyecciones sobre el escenario. Entradas agotadas en todas las funciones.",
      en: "Space adventures, westerns and cartoons: seventy young musicians from the city's schools, with projections above the stage. Every performance is sold out.",
      pt: "Aventuras espaciais, faroestes e desenhos animados: setenta jovens músicos das escolas da cidade com projeções sobre o palco. Ingressos esgotados em todas as sessões.",
    },
  },
  {
    seo: "rock-nacional-sinfonico",
    title: "Rock Nacional Sinfónico",
    typeId: TYPE.music,
    venue: "anfiteatro-parque-centenario",
    durationMinutes: 110,
    price: 22000,
    soldPercent: 25,
    summary: {
      es: "Himnos del rock argentino con banda y orquesta de cuerdas.",
      en: "Anthems of Argentine rock with a band and a string orchestra.",
      pt: "Hinos do rock argentino com banda e orquestra de cordas.",
    },
    description: {
      es: "Cuarenta años de canciones que se cantaron en recitales y estadios, en nuevos arreglos para banda y orquesta. Cantantes invitados cada noche.",
      en: "Forty years of songs sung at gigs and in stadiums, newly arranged for band and orchestra. Guest singers every night.",
      pt: "Quarenta anos de canções cantadas em shows e estádios, em novos arranjos para banda e orquestra. Cantores convidados a cada noite.",
    },
  },
  {
    seo: "rock-del-rio-en-la-costanera",
    title: "Rock del Río en la Costanera",
    typeId: TYPE.music,
    venue: "campo-abierto-costanera-sur",
    durationMinutes: 180,
    price: 48000,
    performances: 2,
    soldPercent: 45,
    summary: {
      es: "Dos noches de rock a cielo abierto con las bandas que llenaron los clubes del sur.",
      en: "Two nights of open-air rock with the bands that packed the south side's clubs.",
      pt: "Duas noites de rock a céu aberto com as bandas que lotaram os clubes da zona sul.",
    },
    description: {
      es: "Los Faroles del Dock, Marea Baja y La Sudestada comparten un escenario de cuarenta metros frente al río, con pantallas gigantes y un cierre de todas las bandas juntas. Campo de pie y tribunas numeradas.",
      en: "Los Faroles del Dock, Marea Baja and La Sudestada share a forty-metre stage by the river, with giant screens and a finale with every band together. Standing field and numbered stands.",
      pt: "Los Faroles del Dock, Marea Baja e La Sudestada dividem um palco de quarenta metros diante do rio, com telões gigantes e um encerramento com todas as bandas juntas. Campo em pé e arquibancadas numeradas.",
    },
  },
  // ---------------------------------------------------------------- dance
  {
    seo: "agua-y-piedra",
    title: "Agua y Piedra",
    typeId: TYPE.dance,
    venue: "galpon-danza-almagro",
    durationMinutes: 60,
    price: 15000,
    summary: {
      es: "Danza contemporánea sobre el río que la ciudad le ganó al agua.",
      en: "Contemporary dance about the river the city reclaimed from the water.",
      pt: "Dança contemporânea sobre o rio que a cidade roubou das águas.",
    },
    description: {
      es: "Ocho bailarines, toneladas de arena y una pileta en escena. La compañía del Galpón explora los rellenos costeros y los arroyos entubados bajo nuestros pies.",
      en: "Eight dancers, tonnes of sand and a pool on stage. The Galpón company explores the landfilled shore and the streams piped beneath our feet.",
      pt: "Oito bailarinos, toneladas de areia e uma piscina em cena. A companhia do Galpón explora os aterros costeiros e os riachos canalizados sob nossos pés.",
    },
  },
  {
    seo: "malambo-sur",
    title: "Malambo Sur",
    typeId: TYPE.dance,
    venue: "galpon-danza-almagro",
    durationMinutes: 70,
    price: 17000,
    soldPercent: 20,
    summary: {
      es: "Zapateo, boleadoras y percusión en vivo: el malambo como nunca se vio.",
      en: "Footwork, bolas and live percussion: malambo as never seen before.",
      pt: "Sapateado, boleadeiras e percussão ao vivo: o malambo como nunca se viu.",
    },
    description: {
      es: "Diez malambistas de todo el país compiten, juegan y se desafían al ritmo de bombos y guitarras. Una hora de energía pura.",
      en: "Ten malambo dancers from all over the country compete, play and challenge each other to drums and guitars. An hour of pure energy.",
      pt: "Dez dançarinos de malambo de todo o país competem, brincam e se desafiam ao ritmo de bumbos e violões. Uma hora de pura energia.",
    },
  },
  {
    seo: "el-lago-de-los-cisnes",
    title: "El Lago de los Cisnes",
    typeId: TYPE.dance,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 130,
    price: 32000,
    soldPercent: 30,
    summary: {
      es: "El gran ballet de Chaikovski por el Ballet Estable de la Ciudad.",
      en: "Tchaikovsky's great ballet by the City Resident Ballet.",
      pt: "O grande balé de Tchaikovsky pelo Balé Estável da Cidade.",
    },
    description: {
      es: "Odette, Odile y el príncipe Sigfrido en la versión clásica en cuatro actos, con orquesta en vivo. Un intervalo de veinte minutos.",
      en: "Odette, Odile and Prince Siegfried in the classic four-act version, with a live orchestra. One twenty-minute interval.",
      pt: "Odette, Odile e o príncipe Siegfried na versão clássica em quatro atos, com orquestra ao vivo. Um intervalo de vinte minutos.",
    },
  },
  {
    seo: "cuerpos-en-transito",
    title: "Cuerpos en Tránsito",
    typeId: TYPE.dance,
    venue: "usina-cultural-sur",
    durationMinutes: 55,
    price: 12000,
    summary: {
      es: "Una coreografía para trece bailarines inspirada en la hora pico del subte.",
      en: "A piece for thirteen dancers inspired by the underground at rush hour.",
      pt: "Uma coreografia para treze bailarinos inspirada no metrô na hora do rush.",
    },
    description: {
      es: "Empujones, miradas y equilibrios imposibles: la coreógrafa Lucía Brandán convierte el viaje diario en una danza de precisión. Música electrónica en vivo.",
      en: "Shoves, glances and impossible balances: choreographer Lucía Brandán turns the daily commute into a dance of precision. Live electronic music.",
      pt: "Empurrões, olhares e equilíbrios impossíveis: a coreógrafa Lucía Brandán transforma o trajeto diário numa dança de precisão. Música eletrônica ao vivo.",
    },
  },
  // ---------------------------------------------------------------- kids
  {
    seo: "el-gato-con-botas-porteno",
    title: "El Gato con Botas Porteño",
    typeId: TYPE.kids,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 60,
    price: 10000,
    summary: {
      es: "El cuento clásico con un gato que habla en lunfardo y canta milongas.",
      en: "The classic tale with a cat who speaks city slang and sings milongas.",
      pt: "O conto clássico com um gato que fala gíria portenha e canta milongas.",
    },
    description: {
      es: "Un gato astuto ayuda a un joven vendedor de diarios a conquistar la ciudad. Canciones, títeres gigantes y mucho humor para toda la familia. Recomendado desde los 4 años.",
      en: "A cunning cat helps a young newspaper seller win over the city. Songs, giant puppets and plenty of humour for the whole family. Recommended from age 4.",
      pt: "Um gato esperto ajuda um jovem jornaleiro a conquistar a cidade. Canções, bonecos gigantes e muito humor para toda a família. Recomendado a partir de 4 anos.",
    },
  },
  {
    seo: "titeres-del-riachuelo",
    title: "Títeres del Riachuelo",
    typeId: TYPE.kids,
    venue: "usina-cultural-sur",
    durationMinutes: 50,
    price: 8000,
    summary: {
      es: "Un pez, una garza y un remolcador viven aventuras en el río.",
      en: "A fish, a heron and a tugboat have adventures on the river.",
      pt: "Um peixe, uma garça e um rebocador vivem aventuras no rio.",
    },
    description: {
      es: "Teatro de títeres de guante y de varilla sobre el cuidado del agua. Al terminar, los chicos pueden saludar a los personajes. Recomendado desde los 3 años.",
      en: "Glove and rod puppetry about caring for water. Afterwards, children can meet the characters. Recommended from age 3.",
      pt: "Teatro de fantoches de luva e de vara sobre o cuidado com a água. No final, as crianças podem cumprimentar os personagens. Recomendado a partir de 3 anos.",
    },
  },
  {
    seo: "circo-de-papel",
    title: "Circo de Papel",
    typeId: TYPE.kids,
    venue: "galpon-danza-almagro",
    durationMinutes: 55,
    price: 9000,
    summary: {
      es: "Acróbatas, malabaristas y un león hecho de diarios viejos.",
      en: "Acrobats, jugglers and a lion made of old newspapers.",
      pt: "Acrobatas, malabaristas e um leão feito de jornais velhos.",
    },
    description: {
      es: "Un circo donde todo se arma y se desarma con papel: trapecios, animales y hasta la carpa. Sin palabras, para disfrutar a cualquier edad.",
      en: "A circus where everything is folded and unfolded from paper: trapezes, animals and even the big top. No words, to enjoy at any age.",
      pt: "Um circo em que tudo se monta e se desmonta com papel: trapézios, animais e até a lona. Sem palavras, para aproveitar em qualquer idade.",
    },
  },
  {
    seo: "viaje-a-la-luna-de-carton",
    title: "Viaje a la Luna de Cartón",
    typeId: TYPE.kids,
    venue: "cine-teatro-flores",
    durationMinutes: 50,
    price: 8500,
    summary: {
      es: "Dos hermanos construyen un cohete con cajas y despegan desde la terraza.",
      en: "Two siblings build a rocket out of boxes and take off from the rooftop.",
      pt: "Dois irmãos constroem um foguete de caixas e decolam do terraço.",
    },
    description: {
      es: "Una aventura espacial con proyecciones, canciones y un público que ayuda con la cuenta regresiva. Recomendado desde los 4 años.",
      en: "A space adventure with projections, songs and an audience that helps with the countdown. Recommended from age 4.",
      pt: "Uma aventura espacial com projeções, canções e uma plateia que ajuda na contagem regressiva. Recomendado a partir de 4 anos.",
    },
  },
  // ---------------------------------------------------------------- museums
  {
    seo: "visita-nocturna-casa-de-los-altos",
    title: "Visita Nocturna: Casa de los Altos",
    typeId: TYPE.museums,
    venue: "museo-casa-de-los-altos",
    durationMinutes: 90,
    price: 9000,
    performances: 8,
    // A night visit of a historic house: named tickets, checked against the DNI at the door.
    requestedData: ["HOLDER_NAME", "HOLDER_DOCUMENT"],
    summary: {
      es: "Recorrido a la luz de faroles por los patios y salones de la casona.",
      en: "A lantern-lit tour of the mansion's courtyards and rooms.",
      pt: "Percurso à luz de lampiões pelos pátios e salões do casarão.",
    },
    description: {
      es: "Guías caracterizados cuentan la vida de quienes habitaron la casa entre 1830 y 1930: familias, criadas, inquilinos y fantasmas. Incluye una charla en el auditorio.",
      en: "Guides in costume tell the story of those who lived in the house between 1830 and 1930: families, maids, tenants and ghosts. Includes a talk in the auditorium.",
      pt: "Guias caracterizados contam a vida de quem habitou a casa entre 1830 e 1930: famílias, criadas, inquilinos e fantasmas. Inclui uma palestra no auditório.",
    },
  },
  {
    seo: "tuneles-de-san-telmo",
    title: "Buenos Aires Subterránea: Túneles de San Telmo",
    typeId: TYPE.museums,
    venue: "museo-casa-de-los-altos",
    durationMinutes: 75,
    price: 11000,
    cancelSecondPerformance: true,
    summary: {
      es: "Bajamos a los sótanos y túneles coloniales bajo la calle Defensa.",
      en: "Down into the colonial cellars and tunnels beneath Defensa street.",
      pt: "Descemos aos porões e túneis coloniais sob a rua Defensa.",
    },
    description: {
      es: "Arqueólogos de la ciudad guían un recorrido por aljibes, túneles y galerías del siglo XVIII. Calzado cómodo; no apto para personas con movilidad reducida.",
      en: "City archaeologists lead a tour of eighteenth-century cisterns, tunnels and galleries. Comfortable shoes; not suitable for people with reduced mobility.",
      pt: "Arqueólogos da cidade conduzem um percurso por cisternas, túneis e galerias do século XVIII. Calçado confortável; não indicado para pessoas com mobilidade reduzida.",
    },
  },
  {
    seo: "fileteado-porteno-un-siglo-de-color",
    title: "Fileteado Porteño: un Siglo de Color",
    typeId: TYPE.museums,
    venue: "museo-casa-de-los-altos",
    durationMinutes: 60,
    price: 6000,
    performances: 7,
    summary: {
      es: "Exposición y taller sobre el arte decorativo de los carros y colectivos.",
      en: "An exhibition and workshop on the decorative art of carts and buses.",
      pt: "Exposição e oficina sobre a arte decorativa das carroças e ônibus.",
    },
    description: {
      es: "Filetes, flores, dragones y frases de paragolpes: cien años de un arte declarado patrimonio. Cada visita termina con un taller para pintar tu propio filete.",
      en: "Scrolls, flowers, dragons and bumper sayings: a hundred years of an art declared heritage. Every visit ends with a workshop to paint your own filete.",
      pt: "Filetes, flores, dragões e frases de para-choque: cem anos de uma arte declarada patrimônio. Cada visita termina com uma oficina para pintar seu próprio filete.",
    },
  },
  {
    seo: "conventillos-y-patios-de-la-boca",
    title: "Conventillos y Patios de La Boca",
    typeId: TYPE.museums,
    venue: "usina-cultural-sur",
    durationMinutes: 80,
    price: 7000,
    summary: {
      es: "Una muestra sobre la inmigración y la vida en los conventillos del sur.",
      en: "An exhibition on immigration and tenement life in the south of the city.",
      pt: "Uma mostra sobre a imigração e a vida nos cortiços do sul da cidade.",
    },
    description: {
      es: "Fotografías, objetos y voces grabadas de quienes llegaron en barco y se quedaron. Visita guiada con cierre en la platea alta, con vista al Riachuelo.",
      en: "Photographs, objects and recorded voices of those who came by ship and stayed. A guided tour ending in the upper stalls, overlooking the Riachuelo.",
      pt: "Fotografias, objetos e vozes gravadas de quem chegou de navio e ficou. Visita guiada com encerramento na plateia alta, com vista para o Riachuelo.",
    },
  },
  // ---------------------------------------------------------------- cinema
  {
    seo: "clasicos-del-cine-argentino",
    title: "Clásicos del Cine Argentino",
    typeId: TYPE.cinema,
    venue: "cine-teatro-flores",
    durationMinutes: 120,
    price: 8000,
    performances: 8,
    summary: {
      es: "Ciclo de copias restauradas de la época de oro del cine nacional.",
      en: "A season of restored prints from the golden age of Argentine cinema.",
      pt: "Ciclo de cópias restauradas da época de ouro do cinema argentino.",
    },
    description: {
      es: "Melodramas, comedias y policiales de los años cuarenta y cincuenta en pantalla grande, presentados por críticos y historiadores. Cada función, una película distinta.",
      en: "Melodramas, comedies and crime films from the forties and fifties on the big screen, introduced by critics and historians. A different film at every screening.",
      pt: "Melodramas, comédias e filmes policiais dos anos quarenta e cinquenta na tela grande, apresentados por críticos e historiadores. Em cada sessão, um filme diferente.",
    },
  },
  {
    seo: "noche-de-cortos-portenos",
    title: "Noche de Cortos Porteños",
    typeId: TYPE.cinema,
    venue: "cine-teatro-flores",
    durationMinutes: 95,
    price: 8000,
    cancelSecondPerformance: true,
    summary: {
      es: "Los mejores cortometrajes de las escuelas de cine de la ciudad.",
      en: "The best short films from the city's film schools.",
      pt: "Os melhores curtas-metragens das escolas de cinema da cidade.",
    },
    description: {
      es: "Doce cortos de ficción, animación y documental seleccionados por un jurado de estudiantes. Al final, charla con las directoras y los directores.",
      en: "Twelve fiction, animation and documentary shorts chosen by a student jury. Followed by a talk with the directors.",
      pt: "Doze curtas de ficção, animação e documentário escolhidos por um júri de estudantes. No final, conversa com as diretoras e os diretores.",
    },
  },
  {
    seo: "cine-mudo-con-piano-en-vivo",
    title: "Cine Mudo con Piano en Vivo",
    typeId: TYPE.cinema,
    venue: "cine-teatro-flores",
    durationMinutes: 85,
    price: 10000,
    summary: {
      es: "Películas de los años veinte acompañadas por un pianista que improvisa.",
      en: "Films from the twenties accompanied by an improvising pianist.",
      pt: "Filmes dos anos vinte acompanhados por um pianista que improvisa.",
    },
    description: {
      es: "Comedias de persecuciones y dramas expresionistas con música creada en el momento, como en los cines de barrio de hace cien años.",
      en: "Chase comedies and expressionist dramas with music made up on the spot, just like the neighbourhood cinemas of a hundred years ago.",
      pt: "Comédias de perseguição e dramas expressionistas com música criada na hora, como nos cinemas de bairro de cem anos atrás.",
    },
  },
  // ---------------------------------------------------------------- opera
  {
    seo: "la-traviata",
    title: "La Traviata",
    typeId: TYPE.opera,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 150,
    price: 45000,
    performances: 4,
    soldPercent: 45,
    summary: {
      es: "La ópera de Verdi en una puesta ambientada en el París de 1850.",
      en: "Verdi's opera in a staging set in 1850s Paris.",
      pt: "A ópera de Verdi numa montagem ambientada na Paris de 1850.",
    },
    description: {
      es: "Violetta Valéry entre el brindis y el sacrificio, con el coro y la orquesta estables de la ciudad. Cantada en italiano con sobretítulos en español. Dos intervalos.",
      en: "Violetta Valéry between the toast and the sacrifice, with the city's resident chorus and orchestra. Sung in Italian with Spanish surtitles. Two intervals.",
      pt: "Violetta Valéry entre o brinde e o sacrifício, com o coro e a orquestra estáveis da cidade. Cantada em italiano com legendas em espanhol. Dois intervalos.",
    },
  },
  {
    seo: "madama-butterfly",
    title: "Madama Butterfly",
    typeId: TYPE.opera,
    venue: "sala-sinfonica-palermo",
    durationMinutes: 145,
    price: 42000,
    performances: 3,
    summary: {
      es: "La tragedia de Puccini en versión de concierto semiescenificada.",
      en: "Puccini's tragedy in a semi-staged concert version.",
      pt: "A tragédia de Puccini em versão de concerto semiencenada.",
    },
    description: {
      es: "La Filarmónica de la Ciudad y un elenco internacional en la historia de Cio-Cio-San, con iluminación y vestuario sobre el escenario de la sala. Cantada en italiano con sobretítulos.",
      en: "The City Philharmonic and an international cast tell the story of Cio-Cio-San, with lighting and costumes on the concert stage. Sung in Italian with surtitles.",
      pt: "A Filarmônica da Cidade e um elenco internacional na história de Cio-Cio-San, com iluminação e figurino no palco da sala. Cantada em italiano com legendas.",
    },
  },
  {
    seo: "el-barbero-de-sevilla",
    title: "El Barbero de Sevilla",
    typeId: TYPE.opera,
    venue: "teatro-municipal-corrientes",
    durationMinutes: 160,
    price: 38000,
    performances: 4,
    summary: {
      es: "La comedia de Rossini, con un Fígaro que recorre la platea.",
      en: "Rossini's comedy, with a Figaro who runs through the stalls.",
      pt: "A comédia de Rossini, com um Fígaro que percorre a plateia.",
    },
    description: {
      es: "Enredos, disfraces y una de las arias más famosas de la historia en una puesta colorida y veloz. Cantada en italiano con sobretítulos en español.",
      en: "Mix-ups, disguises and one of the most famous arias ever written, in a colourful and fast-paced staging. Sung in Italian with Spanish surtitles.",
      pt: "Confusões, disfarces e uma das árias mais famosas da história numa montagem colorida e veloz. Cantada em italiano com legendas em espanhol.",
    },
  },
  // ---------------------------------------------------------------- festivals
  {
    seo: "festival-ciudad-emergente",
    title: "Festival Ciudad Emergente",
    typeId: TYPE.festivals,
    venue: "anfiteatro-parque-centenario",
    durationMinutes: 300,
    price: 15000,
    performances: 3,
    soldPercent: 30,
    summary: {
      es: "Tres días de bandas nuevas, arte urbano y gastronomía en el parque.",
      en: "Three days of new bands, street art and food in the park.",
      pt: "Três dias de bandas novas, arte urbana e gastronomia no parque.",
    },
    description: {
      es: "Más de veinte bandas jóvenes de la ciudad en dos escenarios, murales pintados en vivo y patio de comidas. Cada entrada vale por un día.",
      en: "More than twenty young local bands on two stages, murals painted live and a food court. Each ticket is valid for one day.",
      pt: "Mais de vinte bandas jovens da cidade em dois palcos, murais pintados ao vivo e praça de alimentação. Cada ingresso vale por um dia.",
    },
  },
  {
    seo: "festival-de-tango-de-barrio",
    title: "Festival de Tango de Barrio",
    typeId: TYPE.festivals,
    venue: "usina-cultural-sur",
    durationMinutes: 240,
    price: 12000,
    performances: 4,
    summary: {
      es: "Orquestas, milongas y clases en una maratón de tango.",
      en: "Orchestras, milongas and classes in a tango marathon.",
      pt: "Orquestras, milongas e aulas numa maratona de tango.",
    },
    description: {
      es: "Las milongas de los barrios se mudan a la Usina: orquestas en vivo, exhibiciones de baile y clases para todos los niveles desde la tarde hasta la medianoche.",
      en: "The neighbourhood milongas move to the Usina: live orchestras, dance exhibitions and classes for every level from afternoon to midnight.",
      pt: "As milongas dos bairros se mudam para a Usina: orquestras ao vivo, exibições de dança e aulas para todos os níveis da tarde até a meia-noite.",
    },
  },
  {
    seo: "festival-de-jazz-del-parque",
    title: "Festival de Jazz del Parque",
    typeId: TYPE.festivals,
    venue: "anfiteatro-parque-centenario",
    durationMinutes: 240,
    price: 13000,
    performances: 3,
    summary: {
      es: "Big bands, tríos y jam sessions al aire libre durante los fines de semana.",
      en: "Big bands, trios and jam sessions in the open air at weekends.",
      pt: "Big bands, trios e jam sessions ao ar livre nos fins de semana.",
    },
    description: {
      es: "Un festival para descubrir el jazz que se toca hoy en la ciudad, de la tradición de Nueva Orleans al free. Traé tu manta para el campo.",
      en: "A festival to discover the jazz played in the city today, from New Orleans tradition to free jazz. Bring a blanket for the lawn.",
      pt: "Um festival para descobrir o jazz que se toca hoje na cidade, da tradição de Nova Orleans ao free. Traga sua manta para o gramado.",
    },
  },
];

export const productSeeds: ProductSeed[] = [
  {
    seo: "remera-cultura-ciudad",
    title: "Remera Cultura Ciudad",
    unit: "Remera (talle único)",
    price: 15000,
    stock: 60,
    summary: {
      es: "Remera de algodón con el logo de la cartelera cultural.",
      en: "Cotton T-shirt with the cultural billboard's logo.",
      pt: "Camiseta de algodão com o logotipo da programação cultural.",
    },
    description: {
      es: "Algodón peinado, estampa serigrafiada a mano en un taller de Barracas. Talle único amplio. Retiro en la tienda de Avenida de Mayo.",
      en: "Combed cotton, hand screen-printed in a Barracas workshop. One generous size. Pick up at the Avenida de Mayo shop.",
      pt: "Algodão penteado, estampa serigrafada à mão numa oficina de Barracas. Tamanho único amplo. Retirada na loja da Avenida de Mayo.",
    },
  },
  {
    seo: "taza-cartelera-portena",
    title: "Taza Cartelera Porteña",
    unit: "Taza",
    price: 9000,
    stock: 40,
    summary: {
      es: "Taza de cerámica con los afiches de la temporada.",
      en: "Ceramic mug with this season's posters.",
      pt: "Caneca de cerâmica com os cartazes da temporada.",
    },
    description: {
      es: "Cerámica esmaltada de 350 ml, apta para lavavajillas. Diseño de ilustradoras de la ciudad.",
      en: "350 ml glazed ceramic, dishwasher safe. Designed by local illustrators.",
      pt: "Cerâmica esmaltada de 350 ml, pode ir à lava-louças. Design de ilustradoras da cidade.",
    },
  },
  {
    seo: "bolsa-teatros-de-la-ciudad",
    title: "Bolsa Teatros de la Ciudad",
    unit: "Bolsa",
    price: 8000,
    stock: 80,
    summary: {
      es: "Bolsa de lienzo con el mapa de las salas de la ciudad.",
      en: "Canvas tote bag with a map of the city's venues.",
      pt: "Sacola de lona com o mapa das salas da cidade.",
    },
    description: {
      es: "Lienzo crudo resistente con asas largas. El mapa marca teatros, museos y centros culturales de cada barrio.",
      en: "Sturdy natural canvas with long handles. The map marks theatres, museums and cultural centres in every neighbourhood.",
      pt: "Lona crua resistente com alças longas. O mapa marca teatros, museus e centros culturais de cada bairro.",
    },
  },
  {
    seo: "libro-cien-anos-de-escena-portena",
    title: "Cien Años de Escena Porteña",
    unit: "Libro",
    price: 32000,
    stock: 25,
    outOfStock: true,
    summary: {
      es: "Libro ilustrado sobre un siglo de teatro en la ciudad.",
      en: "An illustrated book on a century of theatre in the city.",
      pt: "Livro ilustrado sobre um século de teatro na cidade.",
    },
    description: {
      es: "Doscientas fotografías de archivo, programas de mano y entrevistas. Edición en tapa dura. Agotado: pronto habrá una nueva tirada.",
      en: "Two hundred archive photographs, playbills and interviews. Hardcover edition. Out of stock: a new print run is coming soon.",
      pt: "Duzentas fotografias de arquivo, programas e entrevistas. Edição em capa dura. Esgotado: em breve uma nova tiragem.",
    },
  },
];

/** Path under which the API serves a show's generated poster. */
export const posterPath = (seo: string) => `/v2${urlOf(posterEndpoint, { file: `${seo}.svg` })}`;
