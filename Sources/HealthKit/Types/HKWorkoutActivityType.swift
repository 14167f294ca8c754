/// A kind of workout, with Apple's raw values (Apple's `HKWorkoutActivityType`). Generated from
/// PaceModel's `WorkoutActivityType`, which holds the same cases and values.
public enum HKWorkoutActivityType: UInt, Sendable, CaseIterable {
    /// American football.
    case americanFootball = 1
    /// Archery.
    case archery = 2
    /// Australian football.
    case australianFootball = 3
    /// Badminton.
    case badminton = 4
    /// Baseball.
    case baseball = 5
    /// Basketball.
    case basketball = 6
    /// Bowling.
    case bowling = 7
    /// Boxing.
    case boxing = 8
    /// Climbing.
    case climbing = 9
    /// Cricket.
    case cricket = 10
    /// Cross training: any mix of cardio and strength training.
    case crossTraining = 11
    /// Curling.
    case curling = 12
    /// Cycling.
    case cycling = 13
    /// Dance (deprecated in iOS 14; use ``socialDance`` or ``cardioDance``).
    case dance = 14
    /// Dance-inspired training (deprecated in iOS 10; use ``barre``, ``pilates`` or a dance type).
    case danceInspiredTraining = 15
    /// Elliptical.
    case elliptical = 16
    /// Equestrian sports (polo, horse racing, riding).
    case equestrianSports = 17
    /// Fencing.
    case fencing = 18
    /// Fishing.
    case fishing = 19
    /// Functional strength training (free weights, body weight).
    case functionalStrengthTraining = 20
    /// Golf.
    case golf = 21
    /// Gymnastics.
    case gymnastics = 22
    /// Handball.
    case handball = 23
    /// Hiking.
    case hiking = 24
    /// Hockey (ice, field).
    case hockey = 25
    /// Hunting.
    case hunting = 26
    /// Lacrosse.
    case lacrosse = 27
    /// Martial arts.
    case martialArts = 28
    /// Mind and body (qigong, meditation).
    case mindAndBody = 29
    /// Mixed metabolic cardio training (deprecated in iOS 11; use ``mixedCardio`` or ``highIntensityIntervalTraining``).
    case mixedMetabolicCardioTraining = 30
    /// Paddle sports (canoeing, kayaking, stand-up paddle boarding).
    case paddleSports = 31
    /// Play (dodgeball, hopscotch, jungle gym).
    case play = 32
    /// Preparation and recovery (foam rolling, stretching).
    case preparationAndRecovery = 33
    /// Racquetball.
    case racquetball = 34
    /// Rowing.
    case rowing = 35
    /// Rugby.
    case rugby = 36
    /// Running.
    case running = 37
    /// Sailing.
    case sailing = 38
    /// Skating sports (ice skating, inline skating, skateboarding).
    case skatingSports = 39
    /// Snow sports (sledding, snowmobiling).
    case snowSports = 40
    /// Soccer.
    case soccer = 41
    /// Softball.
    case softball = 42
    /// Squash.
    case squash = 43
    /// Stair climbing (machine).
    case stairClimbing = 44
    /// Surfing sports (surfing, kite surfing, wind surfing).
    case surfingSports = 45
    /// Swimming.
    case swimming = 46
    /// Table tennis.
    case tableTennis = 47
    /// Tennis.
    case tennis = 48
    /// Track and field (shot put, javelin, pole vault).
    case trackAndField = 49
    /// Traditional strength training (machines, free weights).
    case traditionalStrengthTraining = 50
    /// Volleyball.
    case volleyball = 51
    /// Walking.
    case walking = 52
    /// Water fitness.
    case waterFitness = 53
    /// Water polo.
    case waterPolo = 54
    /// Water sports (water skiing, wakeboarding).
    case waterSports = 55
    /// Wrestling.
    case wrestling = 56
    /// Yoga.
    case yoga = 57
    /// Barre.
    case barre = 58
    /// Core training.
    case coreTraining = 59
    /// Cross-country skiing.
    case crossCountrySkiing = 60
    /// Downhill skiing.
    case downhillSkiing = 61
    /// Flexibility.
    case flexibility = 62
    /// High-intensity interval training (HIIT).
    case highIntensityIntervalTraining = 63
    /// Jump rope.
    case jumpRope = 64
    /// Kickboxing.
    case kickboxing = 65
    /// Pilates.
    case pilates = 66
    /// Snowboarding.
    case snowboarding = 67
    /// Stairs.
    case stairs = 68
    /// Step training.
    case stepTraining = 69
    /// Wheelchair at walking pace.
    case wheelchairWalkPace = 70
    /// Wheelchair at running pace.
    case wheelchairRunPace = 71
    /// Tai chi.
    case taiChi = 72
    /// Mixed cardio.
    case mixedCardio = 73
    /// Hand cycling.
    case handCycling = 74
    /// Disc sports (ultimate, disc golf).
    case discSports = 75
    /// Fitness gaming.
    case fitnessGaming = 76
    /// Cardio dance.
    case cardioDance = 77
    /// Social dance (swing, salsa, folk).
    case socialDance = 78
    /// Pickleball.
    case pickleball = 79
    /// Cooldown: low-intensity stretching after a workout.
    case cooldown = 80
    /// Swim-bike-run multisport (triathlon).
    case swimBikeRun = 82
    /// Transition between multisport legs.
    case transition = 83
    /// Underwater diving.
    case underwaterDiving = 84
    /// Any other activity.
    case other = 3000
}
